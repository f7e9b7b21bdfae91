/** An If-None-Match header value holds `etag` (weak comparison, as for GET and HEAD) or `*`. */
export function ifNoneMatchHolds(header: string, etag: string): boolean {
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === bare;
  });
}
