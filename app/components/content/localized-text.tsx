import { LocalizedLink } from "#app/components/localized-link.tsx";
import { usePageLanguage } from "#app/hooks/use-t.ts";
import { langAttr, type LocalizedText } from "#app/platform/format/localized.ts";

type Tag = "span" | "p" | "h1" | "h2" | "h3" | "div" | "strong";

/** Staff text that may be the Ukrainian fallback on an English page: marked with `lang="uk"` then. */
export function Localized({
  text,
  as: Element = "span",
  className,
  id,
}: {
  text: LocalizedText;
  as?: Tag;
  className?: string;
  id?: string;
}) {
  const language = usePageLanguage();
  return (
    <Element lang={langAttr(text, language)} className={className} id={id}>
      {text.text}
    </Element>
  );
}

/** Staff HTML (sanitized when saved by the dashboard), with the same language marking. */
export function LocalizedHtml({ html, className }: { html: LocalizedText; className?: string }) {
  const language = usePageLanguage();
  return <div className={className} lang={langAttr(html, language)} dangerouslySetInnerHTML={{ __html: html.text }} />;
}

/** A link to a category's page in `section` ("/novyny", "/poster", "/services"…). */
export function CategoryLink({ section, category }: { section: string; category: { slug: string; name: LocalizedText } }) {
  return (
    <LocalizedLink to={`${section}/category/${category.slug}`}>
      <Localized text={category.name} />
    </LocalizedLink>
  );
}
