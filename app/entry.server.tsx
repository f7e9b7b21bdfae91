import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { addMessages, MessageRecorder, MessageRecorderProvider } from "#app/i18n/translate.ts";
import { resources } from "#app/i18n/resources.ts";
import { isForeignWrite } from "#app/platform/http/same-origin.server.ts";
import { getConfig } from "#app/platform/config/config.server.ts";
import { contentSecurityPolicy, newNonce } from "#app/platform/http/security-headers.server.ts";
import { loadScriptsAfterFirstView } from "#app/platform/http/late-scripts.server.ts";
import { RETRY_AFTER_SECONDS } from "#db/resilience.ts";
import { reportError } from "#app/platform/logger/error-reporting.server.ts";
import { logger } from "#app/platform/logger/logger.server.ts";
// The domains' time-driven changes, registered with the page cache before the first request.
import "#app/page-cache-sources.server.ts";

// The server renders both languages: every message is in memory from the start.
addMessages("uk", resources.uk);
addMessages("en", resources.en);

export const streamTimeout = 5_000;

// What the server takes from the app (server/app-entry.ts): it loads the app's modules only
// through the build, so the services it makes at start and the contexts loaders read are the
// build's own, one copy of each module.
/** Background work that lives in the app bundle; server/main.ts starts it once listening. */
export { createLoadContext, createServices, provideServices } from "#app/platform/app-context/app-context.server.ts";
export { runBeforeDatabaseClose } from "#app/platform/db/db.server.ts";
export { listenForContentChanges } from "#app/platform/page-cache/content-notify.server.ts";
// The worker with every job of the app (app/jobs.server.ts): the job runner knows no domain.
export { startJobWorker } from "#app/jobs.server.ts";

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  if (responseStatusCode === 503) markUnavailable(responseHeaders);
  const nonce = newNonce();
  const maps = getConfig().maps;
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, maps.kind === "remote" ? maps.origin : undefined));
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <MessageRecorderProvider value={new MessageRecorder()}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </MessageRecorderProvider>,
      {
        nonce,
        // A Suspense boundary that is complete is written in place however much HTML came
        // before it. React's default (12,800 bytes) sends a later one apart, with an inline
        // script to put it in place: a browser without JS (and many crawlers) would never see
        // it. The parts whose code loads later (components/deferred.tsx) rely on this.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // The whole document, then one body. No loader defers data, so nothing would arrive
        // earlier by streaming; React writes a page in ~2 KB pieces, each a socket write and,
        // compressed, a flushed block of its own (docs/adr/0033-uncached-pages.md).
        onAllReady() {
          clearTimeout(timeoutId);
          timeoutId = undefined;
          const chunks: Uint8Array[] = [];
          const body = new Writable({
            write(chunk: Uint8Array, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              const html = loadScriptsAfterFirstView(Buffer.concat(chunks));
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
              callback();
            },
          });
          pipe(body);
        },
        onShellReady() {
          shellRendered = true;
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // An error in the shell reaches React Router (its error boundary, handleError). A
          // client that hung up mid-render aborts the loader-data stream: not a fault of ours,
          // and one log line per dropped connection would let anyone fill the log.
          if (shellRendered && !request.signal.aborted) logRequestError(error, request);
        },
      },
    );
  });
}

/** The database is away (db/resilience.ts): tell clients and caches when to come back. */
function markUnavailable(headers: Headers) {
  headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
}

export function handleDataRequest(response: Response) {
  if (response.status === 503) markUnavailable(response.headers);
  return response;
}

/**
 * Client mistakes (a POST to a page without an action: 405; an unknown path: 404) are
 * answered, not logged; so are requests the client gave up on, and forged posts, whose
 * refusal the origin check logs itself, once a minute per origin (same-origin.server.ts).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || isForeignWrite(request)) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logRequestError(
    isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error,
    request,
  );
};

/** An error of the app while answering `request`: logged with its stack and the request's id, and reported (SENTRY_DSN). */
function logRequestError(error: unknown, request: Request) {
  logger.error(
    { err: error, reqId: request.headers.get("x-request-id") ?? undefined, path: new URL(request.url).pathname },
    "request error",
  );
  reportError(error);
}
