import type { MiddlewareFunction } from "react-router";
import { resetContentState } from "./content-state.server.ts";

/**
 * Root middleware: after a form post in this process (a staff edit, a new advert) the next
 * request reads the content versions again instead of the up-to-a-second-old poll, so
 * what is kept per process (the shell's settings and footer pages) never shows the editor
 * the state before their own change. Other processes notice within a second, as the page
 * cache does. Beacons under /api/ change no content.
 */
export const freshAfterWriteMiddleware: MiddlewareFunction<Response> = async ({ request, url }, next) => {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || url.pathname.startsWith("/api/")) return next();
  try {
    return await next();
  } finally {
    resetContentState();
  }
};
