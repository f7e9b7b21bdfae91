import { escapeXml } from "#app/platform/format/escape-markup.ts";
import { excerpt, stripHtml } from "#app/platform/format/text.ts";

// RSS 2.0 documents (with an atom:link to itself, as feed validators ask).
//
// Readers render a description as HTML after decoding the XML, so a description is plain text
// escaped once: user text or staff HTML goes through feedText, which drops tags (a `<b>` an
// advert's author typed renders as nothing) and decodes entities before rssXml escapes it.

type FeedItem = {
  title: string;
  /** Absolute URL of the item page. */
  link: string;
  /** Plain text (feedText for anything that may hold markup). */
  description: string;
  pubDate: Date;
  category?: string | null;
};

export type Feed = {
  title: string;
  /** Absolute URL of the page the feed mirrors. */
  link: string;
  /** Absolute URL of the feed itself. */
  self: string;
  description: string;
  language: "uk" | "en";
  items: FeedItem[];
};

/** Text for a description: tags dropped, entities decoded, whitespace collapsed, at most `length` characters. */
export function feedText(markup: string, length: number): string {
  return excerpt(stripHtml(markup), length);
}

export const RSS_CONTENT_TYPE = "application/rss+xml; charset=utf-8";

export function rssXml(feed: Feed): string {
  const newest = feed.items.reduce<Date | null>((max, item) => (!max || item.pubDate > max ? item.pubDate : max), null);
  const items = feed.items.map((item) =>
    [
      "<item>",
      `<title>${escapeXml(item.title)}</title>`,
      `<link>${escapeXml(item.link)}</link>`,
      `<guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
      `<pubDate>${item.pubDate.toUTCString()}</pubDate>`,
      item.category ? `<category>${escapeXml(item.category)}</category>` : "",
      `<description>${escapeXml(item.description)}</description>`,
      "</item>",
    ].join(""),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${escapeXml(feed.title)}</title>
<link>${escapeXml(feed.link)}</link>
<description>${escapeXml(feed.description)}</description>
<language>${feed.language === "en" ? "en-us" : "uk-ua"}</language>
<atom:link href="${escapeXml(feed.self)}" rel="self" type="application/rss+xml"/>
${newest ? `<lastBuildDate>${newest.toUTCString()}</lastBuildDate>` : ""}
${items.join("\n")}
</channel>
</rss>
`;
}
