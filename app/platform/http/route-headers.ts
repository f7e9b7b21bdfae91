import type { HeadersArgs } from "react-router";

// React Router answers a page (the HTML of a form post without JS, or its .data with JS)
// with the headers of each route's `headers` export; a route without one passes on only the
// Set-Cookie of its action's data(). So a form's 429 lost the Retry-After its action set.
// Every page route with an action re-exports this, and a test checks that they all do.

/** What a page passes on: its layouts' headers, and the Retry-After its action, loader or error set. */
export function headers({ parentHeaders, loaderHeaders, actionHeaders, errorHeaders }: HeadersArgs): Headers {
  const out = new Headers(parentHeaders);
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    const retryAfter = source?.get("Retry-After");
    if (retryAfter) out.set("Retry-After", retryAfter);
  }
  return out;
}
