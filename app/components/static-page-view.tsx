import { usePageLanguage } from "#app/hooks/use-t.ts";
import { langAttr, type LocalizedText } from "#app/platform/format/localized.ts";

export type StaticPageContent = { title: LocalizedText; body: LocalizedText; updatedAt: string };

/** A staff-written page. Bodies are sanitized against an allow-list when saved, so they render as HTML. */
export function StaticPageView({ page, children }: { page: StaticPageContent; children?: React.ReactNode }) {
  const language = usePageLanguage();
  return (
    <article className="static-page">
      <h1 lang={langAttr(page.title, language)}>{page.title.text}</h1>
      {children}
      <div className="prose" lang={langAttr(page.body, language)} dangerouslySetInnerHTML={{ __html: page.body.text }} />
    </article>
  );
}
