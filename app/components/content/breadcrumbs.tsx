import { LocalizedLink } from "#app/components/localized-link.tsx";
import type { LocalizedText } from "#app/platform/format/localized.ts";
import { Localized } from "./localized-text.tsx";
import { useContentT } from "./use-content-t.ts";

/** Home › Section › (Category): the item itself is the page's heading, not repeated here. */
export function Breadcrumbs({ trail }: { trail: Array<{ to: string; label: string | LocalizedText }> }) {
  const { t } = useContentT();
  return (
    <nav className="breadcrumbs" aria-label={t("breadcrumbs.label")}>
      <ol>
        <li>
          <LocalizedLink to="/">{t("breadcrumbs.home")}</LocalizedLink>
        </li>
        {trail.map((crumb) => (
          <li key={crumb.to}>
            <LocalizedLink to={crumb.to}>{typeof crumb.label === "string" ? crumb.label : <Localized text={crumb.label} />}</LocalizedLink>
          </li>
        ))}
      </ol>
    </nav>
  );
}
