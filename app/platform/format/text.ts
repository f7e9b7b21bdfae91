// Plain-text helpers for staff HTML (sanitized when saved) and user text. Pure.

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

/** Text of an HTML fragment: tags dropped, block ends as spaces, common entities decoded. */
export function stripHtml(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#?\w+);/g, (match, name: string) => {
      if (ENTITIES[name]) return ENTITIES[name]!;
      const code = name.startsWith("#x") ? parseInt(name.slice(2), 16) : name.startsWith("#") ? Number(name.slice(1)) : NaN;
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : match;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** At most `length` characters, cut at a word boundary with an ellipsis. */
export function excerpt(text: string, length = 180): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
