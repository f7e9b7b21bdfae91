/**
 * The path and query of a request target. A client may send the absolute form
 * (`GET http://host/path`, RFC 9112 §3.2.2, which a server must accept): its host is not ours
 * to trust, so only its path and query are kept. Null for anything else (`*`, garbage).
 */
export function originForm(target: string): string | null {
  if (target.startsWith("/")) return target;
  if (!/^https?:\/\//i.test(target)) return null;
  try {
    const url = new URL(target);
    return url.pathname + url.search;
  } catch {
    return null;
  }
}

/**
 * A request path whose percent-encoding does not decode (`/novyny/%E0%A4%A`), written so it
 * does: each `%` of a segment that fails to decode becomes `%25`, so the segment reads as the
 * text that was sent. Null when the path decodes as it is (almost always: no `%` at all).
 *
 * React Router would match such a path anyway, raw, but logs a warning with the whole path
 * twice per request: a hostile client could fill the log with 16 KB lines. Redirecting to the
 * repaired form (rather than rewriting it here) keeps the browser's address and the server's
 * render the same path, so the page hydrates without a mismatch. The answer is always a path
 * on this site: one a browser would read as another host (`//evil.example`, `/\\evil.example`)
 * starts with a single slash.
 */
export function repairedPath(url: string): string | null {
  if (!url.startsWith("/")) return null; // originForm first
  const queryAt = url.indexOf("?");
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!pathname.includes("%")) return null;
  let repaired = false;
  const segments = pathname.split("/").map((segment) => {
    if (!segment.includes("%") || decodes(segment)) return segment;
    repaired = true;
    return segment.replaceAll("%", "%25");
  });
  if (!repaired) return null;
  const path = segments
    .join("/")
    .replace(/^[/\\]+/, "/")
    .replaceAll("\\", "%5C");
  return path + (queryAt === -1 ? "" : url.slice(queryAt));
}

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

/** Methods the Fetch API refuses to build a Request with (React Router's input): answered 405 here. */
export const UNSERVED_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);
