import { redirectDocument } from "react-router";
import { methodNotAllowed } from "./errors.ts";
import { isHeadRequest } from "./head-request.ts";

// React Router's own script asks for a route's data at `<path>.data` (a client navigation, a
// revalidation, a redirect followed with JS on). The loader's `url` argument is already the
// page's address without it; only `request.url` still ends in `.data`.

/** Whether this is the app's script asking for loader or action data (`/x.data`, `/_.data` for `/`). */
export function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}

/** The address of the document a `.data` request stands for: `.data` and `_routes` dropped. */
function documentAddress(request: Request): string {
  const url = new URL(request.url);
  const pathname = url.pathname.endsWith("/_.data") ? url.pathname.slice(0, -"_.data".length) : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  return pathname + url.search;
}

/**
 * Before a GET spends something that works once (a mailed download link): only the browser's
 * own document GET may spend it. A HEAD (a link checker; the server runs it as a GET) is refused
 * with 405 and spends nothing. A `.data` request (with JS on, React Router follows a link or a
 * redirect to the address with a fetch, which would carry a file inside its data stream) is sent
 * to load the address as a document instead, which then spends it once.
 */
export function requireDocumentGet(request: Request): void {
  if (isHeadRequest(request)) methodNotAllowed("GET");
  if (isDataRequest(request)) throw redirectDocument(documentAddress(request), { headers: { "Cache-Control": "no-store" } });
}
