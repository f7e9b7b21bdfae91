// Content negotiation for ActivityPub: an item page asked for as an ActivityStreams document
// (a Mastodon search pasting the page's address) is sent on to its object, which the app's
// federation answers under /ap (app/modules/federation/request.server.ts). Decided here, by path
// and Accept alone, so the page cache never keeps a document for such a request.

const ITEM_PAGE = /^\/(?:us\/)?(novyny|poster)\/([^/.]+)$/;
const ACTIVITY_TYPES = /application\/activity\+json|application\/ld\+json[^,]*activitystreams/i;

/** Where an item page's ActivityPub form lives, or null for any other request. */
export function activityAlternate(pathname: string, accept: string | undefined): string | null {
  if (!accept || !ACTIVITY_TYPES.test(accept)) return null;
  const match = ITEM_PAGE.exec(pathname);
  if (!match) return null;
  return `/ap/by-slug/${match[1] === "novyny" ? "news" : "events"}/${match[2]}`;
}
