import { LocalizedLink } from "#app/components/localized-link.tsx";
import type { LocalizedText } from "#app/platform/format/localized.ts";
import { Localized } from "./localized-text.tsx";
import { useContentT } from "./use-content-t.ts";

/** Tags link to a search for the tag's name within the section (there are no tag pages). */
export function TagList({ tags, searchCategory }: { tags: Array<{ slug: string; name: LocalizedText }>; searchCategory: string }) {
  const { t } = useContentT();
  if (tags.length === 0) return null;
  return (
    <div className="tag-list">
      <span className="tag-list__label">{t("item.tags")}:</span>
      <ul className="inline-list">
        {tags.map((tag) => (
          <li key={tag.slug}>
            <LocalizedLink className="tag" to={`/search/${searchCategory}?q=${encodeURIComponent(tag.name.text)}`}>
              <Localized text={tag.name} />
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
