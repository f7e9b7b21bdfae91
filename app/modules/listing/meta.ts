import type { MetaDescriptor } from "react-router";

export type FeedLink = { href: string; title: string };

/** `<link rel="alternate" type="application/rss+xml">` in the head, next to the page's own meta. */
export function feedMeta(feed: FeedLink | undefined): MetaDescriptor[] {
  return feed ? [{ tagName: "link", rel: "alternate", type: "application/rss+xml", title: feed.title, href: feed.href }] : [];
}

/** robots noindex for pages that should not be indexed (search results). */
export const NOINDEX: MetaDescriptor = { name: "robots", content: "noindex, follow" };
