import { stripHtml } from "#app/platform/format/text.ts";

// A guide's text as its page shows it: the steps from their textarea, the body's headings
// with ids, the table of contents from both, and the related paths. Pure.

/** One step: what to do, and what to bring (after " — " on its line; null without). */
export type GuideStep = { text: string; bring: string | null };
export type TocEntry = { id: string; text: string; level: 2 | 3 };

/** Staff write one step a line; "what to bring" after " — " (an em or en dash between spaces). */
export function parseSteps(source: string): GuideStep[] {
  return source
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/^\d+[.)]\s*/, ""))
    .filter(Boolean)
    .map((line) => {
      const at = line.search(/\s[—–]\s/);
      if (at < 0) return { text: line, bring: null };
      const bring = line.slice(at + 3).trim();
      return { text: line.slice(0, at).trim(), bring: bring || null };
    });
}

/** The body with an id on each h2 and h3 (any id it had is replaced), and the contents they make. */
export function withHeadingIds(html: string): { html: string; toc: TocEntry[] } {
  const toc: TocEntry[] = [];
  const out = html.replace(/<h([23])(\s[^>]*)?>([\s\S]*?)<\/h\1>/gi, (_match, level: string, attrs: string | undefined, inner: string) => {
    const id = `section-${toc.length + 1}`;
    toc.push({ id, text: stripHtml(inner).trim(), level: level === "2" ? 2 : 3 });
    const kept = (attrs ?? "").replace(/\s+id\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, "");
    return `<h${level} id="${id}"${kept}>${inner}</h${level}>`;
  });
  return { html: out, toc: toc.filter((entry) => entry.text !== "") };
}

/** Related public paths staff listed, one a line: only site paths (`/x/y`), at most 12. */
export function relatedPaths(source: string): string[] {
  return source
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => /^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/i.test(line))
    .slice(0, 12);
}
