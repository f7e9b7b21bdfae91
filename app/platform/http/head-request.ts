// The Node server runs a HEAD request through the app as a GET (server/app-server.ts), so
// HEAD answers exactly the headers GET does (Content-Type, Cache-Control, ETag...) and
// Node drops the body. This request header, set only by the server, tells the app that
// the request was a HEAD: a link checker's HEAD is not a visit.
export const HEAD_REQUEST_HEADER = "x-portal-head-request";

export function isHeadRequest(request: Request): boolean {
  return request.method === "HEAD" || request.headers.has(HEAD_REQUEST_HEADER);
}
