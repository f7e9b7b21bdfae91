import { safeEqual, sign } from "#app/modules/auth/secrets.server.ts";
import { parseId } from "#app/platform/http/ids.ts";

// The one-click unsubscribe link of every mail a user can turn off (RFC 8058): what it turns
// off and an HMAC of that, so it works without signing in and cannot be forged for anyone
// else. A saved search's alerts: `<search id>.<mac>`; a user's mail about private messages:
// `m<user id>.<mac>`.

export type UnsubscribeTarget = { kind: "saved-search" | "messages"; id: number };

const PURPOSE = { "saved-search": "saved-search-unsubscribe", messages: "messages-unsubscribe" } as const;
const PREFIX = { "saved-search": "", messages: "m" } as const;

function tokenFor(target: UnsubscribeTarget): string {
  return `${PREFIX[target.kind]}${target.id}.${sign(`${PURPOSE[target.kind]}:${target.id}`)}`;
}

/** The token for a saved search's alert mails. */
export function unsubscribeToken(savedSearchId: number): string {
  return tokenFor({ kind: "saved-search", id: savedSearchId });
}

/** The token for a user's mail about new private messages. */
export function messagesUnsubscribeToken(userId: number): string {
  return tokenFor({ kind: "messages", id: userId });
}

/** What a token turns off, or null when it is malformed or forged. */
export function readUnsubscribeToken(token: unknown): UnsubscribeTarget | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const match = /^(m?)(\d{1,10})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  if (!match) return null;
  const id = parseId(match[2]);
  if (id === null) return null;
  const target: UnsubscribeTarget = { kind: match[1] ? "messages" : "saved-search", id };
  return safeEqual(match[3]!, sign(`${PURPOSE[target.kind]}:${id}`)) ? target : null;
}
