import { safeEqual, sign } from "../auth/secrets.server.ts";
import { parseId } from "../http/ids.ts";

// The one-click unsubscribe link of alert mails: the saved search's id and an HMAC of it, so
// it works without signing in and cannot be forged for another search.

const PURPOSE = "saved-search-unsubscribe";

export function unsubscribeToken(savedSearchId: number): string {
  return `${savedSearchId}.${sign(`${PURPOSE}:${savedSearchId}`)}`;
}

/** The saved search id a token names, or null when it is malformed or forged. */
export function readUnsubscribeToken(token: unknown): number | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  if (!match) return null;
  const id = parseId(match[1]);
  if (id === null) return null;
  return safeEqual(match[2]!, sign(`${PURPOSE}:${id}`)) ? id : null;
}
