import type { MetaDescriptor } from "react-router";
import { pageMeta } from "./meta.ts";

export type FeedLink = { href: string; title: string };

/** `<link rel="alternate" type="application/rss+xml">` in the head, next to the page's own meta. */
export function feedMeta(feed: FeedLink | undefined): MetaDescriptor[] {
  return feed ? [{ tagName: "link", rel: "alternate", type: "application/rss+xml", title: feed.title, href: feed.href }] : [];
}

/** robots noindex for pages that should not be indexed (search results). */
export const NOINDEX: MetaDescriptor = { name: "robots", content: "noindex, follow" };

/** The meta of a list page with an RSS feed (news, posters): the page's own meta and its feed link. */
export function listPageMeta(args: Parameters<typeof pageMeta>[0] & { loaderData?: { feed?: FeedLink } }): MetaDescriptor[] {
  return [...pageMeta(args), ...feedMeta(args.loaderData?.feed)];
}
