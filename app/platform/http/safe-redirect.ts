// The one rule for every post-action and post-login target (`redirect`, `returnTo`,
// `callbackUrl`, `to`): a path on this site, or the fallback.
//
// The target is normalized by the WHATWG URL parser first, exactly as a browser would read
// it in a Location header, and checked afterwards: checking the raw string misses
// `/.//evil`, `/%2e//evil` and `/..//evil` (their dot segments collapse into `//evil`, a
// protocol-relative URL) and `/\evil` (a backslash is a slash in http URLs).

const BASE = "http://portal.invalid";
const MAX_LENGTH = 2000;
/** C0 and C1 controls: browsers drop tabs and newlines from URLs, which can join `/` and `/`. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Encoded slash, backslash or control in the path: a later decode could turn it into a separator. */
const ENCODED_SEPARATOR = /%(?:2f|5c|[01][0-9a-f]|7f)/i;

export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length === 0 || target.length > MAX_LENGTH) return fallback;
  // A second slash or backslash up front names a host, whatever host the parser then sees.
  if (!/^\/(?![/\\])/.test(target) || CONTROL.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = url.pathname;
  if (!path.startsWith("/") || path.startsWith("//") || ENCODED_SEPARATOR.test(path)) return fallback;
  return path + url.search + url.hash;
}
