// The unsubscribe link a mail carries: the page it opens, and the mail client's one-click
// POST (RFC 8058): the token in the query, no session.
import * as unsubscribe from "#app/routes/unsubscribe/route.tsx";
import { callWithSession } from "./auth.ts";

const linkFor = (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}`;

/** The page the link opens (it asks before it unsubscribes). */
export function openUnsubscribe(token: string) {
  return callWithSession(unsubscribe.loader, { url: linkFor(token) });
}

/** The one-click POST to the link. */
export function oneClickUnsubscribe(token: string) {
  return callWithSession(unsubscribe.action, { url: linkFor(token), form: { "List-Unsubscribe": "One-Click" } });
}
