import { escapeXml } from "../format/escape-markup.ts";

// RSS 2.0 documents (with an atom:link to itself, as feed validators ask).

type FeedItem = {
  title: string;
  /** Absolute URL of the item page. */
  link: string;
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
