import { data, type MiddlewareFunction } from "react-router";
import { publicOrigin } from "../config/config.server.ts";

// Cross-site request forgery guard for every state-changing request, page actions and
// resource routes alike (/consent, /set-theme, the analytics beacons, /api/auth/*). React
// Router checks the Origin of page actions only; this covers the rest, against the public
// origin, with the same answer everywhere.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Whether a request comes from the portal's own pages. Browsers send Origin with every
 * POST, so it decides; when a browser left it out, Sec-Fetch-Site, then Referer. A request
 * with none of the three is not from a browser (curl, a script), which cannot carry a
 * visitor's cookies, so it passes.
 */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin !== null) return origin === publicOrigin();
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site === "same-origin" || site === "none";
  const referer = request.headers.get("referer");
  if (referer !== null) return URL.parse(referer)?.origin === publicOrigin();
  return true;
}

/** A state-changing request from another site: refused before any action runs. */
export function isForeignWrite(request: Request): boolean {
  return !SAFE_METHODS.has(request.method) && !isSameOrigin(request);
}

/** Root middleware: a foreign state-changing request ends with 403 before any action runs. */
export const sameOriginMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (!isForeignWrite(request)) return next();
  throw data(null, { status: 403, statusText: "Forbidden", headers: { "Cache-Control": "no-store" } });
};
