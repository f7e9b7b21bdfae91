import { pageMeta } from "#app/platform/seo/meta.ts";

// The <head> of a mailed one-time link's page (mailed-link-page.tsx), apart from the page:
// the route's meta is in the first load, the page's code comes later (deferredPage).

/** Not indexed, and the token in the address stays out of Referer headers sent to other sites. */
export function mailedLinkMeta(args: Parameters<typeof pageMeta>[0]) {
  return [...pageMeta(args), { name: "robots", content: "noindex" }, { name: "referrer", content: "same-origin" }];
}
