import { data, type MiddlewareFunction } from "react-router";
import { languageOf, localeFromPath } from "#app/i18n/locales.ts";
import { translatorFor } from "#app/i18n/request.server.ts";
import { acceptedOrigins, publicOrigin } from "#app/platform/config/config.server.ts";
import { barePage } from "./bare-page.ts";
import { readBoundedBytes } from "./body.server.ts";
import { isDataRequest } from "./document-request.ts";
import type { ForeignOriginRefusal } from "./foreign-origin.ts";
import { logger } from "#app/platform/logger/logger.server.ts";

// Cross-site request forgery guard for every state-changing request, page actions and
// resource routes alike (/consent, /set-theme, the analytics beacons, /api/auth/*). React
// Router's own action check is turned off (react-router.config.ts: it answered a bare 400
// before any middleware, which the browser showed as a 500 page); this one covers every
// route, against the accepted origins, with one answer everywhere.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origin of a state-changing request as far as the browser tells it: Origin, else Referer's. */
function claimedOrigin(request: Request): string | null {
  return request.headers.get("origin") ?? URL.parse(request.headers.get("referer") ?? "")?.origin ?? null;
}

/**
 * Whether a request comes from the portal's own pages. Browsers send Origin with every
 * POST, so it decides; when a browser left it out, Sec-Fetch-Site, then Referer. A request
 * with none of the three is not from a browser (curl, a script), which cannot carry a
 * visitor's cookies, so it passes.
 */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin !== null) return acceptedOrigins().includes(origin);
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site === "same-origin" || site === "none";
  const referer = request.headers.get("referer");
  if (referer !== null) return acceptedOrigins().includes(URL.parse(referer)?.origin ?? "");
  return true;
}

/** A state-changing request from another site: refused before any action runs. */
export function isForeignWrite(request: Request): boolean {
  return !SAFE_METHODS.has(request.method) && !isSameOrigin(request);
}

const ONE_CLICK_BODY = "List-Unsubscribe=One-Click";

/**
 * A mail client's RFC 8058 one-click unsubscribe: a POST of exactly `List-Unsubscribe=One-Click`
 * to the link of a mail's List-Unsubscribe header, the token in its query. Mail providers send it
 * from their servers, with whatever Origin or none, and with no cookie: it is let through, and
 * only it. The token alone decides what it turns off, and a forged one turns off nothing.
 */
async function isOneClickUnsubscribe(request: Request, url: URL): Promise<boolean> {
  if (request.method !== "POST" || !url.searchParams.get("token")) return false;
  if (request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() !== "application/x-www-form-urlencoded") return false;
  // A clone: the action reads the same body after this check; anything longer is no one-click post.
  const body = await readBoundedBytes(request.clone(), ONE_CLICK_BODY.length + 2);
  return body.ok && new TextDecoder().decode(body.bytes).trim() === ONE_CLICK_BODY;
}

const LOG_EVERY_MS = 60_000;
const lastLogged = new Map<string, number>();

/**
 * One line per refused origin per minute: enough to see a portal reached under an address
 * PUBLIC_URL does not name, too little for a flood of forged posts to fill the log.
 */
export function logRefusedOrigin(request: Request, path: string, now = Date.now()): boolean {
  // Printable and short: the header is the sender's text.
  const origin = (claimedOrigin(request) ?? request.headers.get("sec-fetch-site") ?? "unknown").replace(/[^\x21-\x7e]/g, "?").slice(0, 100);
  if (now - (lastLogged.get(origin) ?? -Infinity) < LOG_EVERY_MS) return false;
  if (lastLogged.size >= 1000) lastLogged.clear();
  lastLogged.set(origin, now);
  logger.warn(
    { method: request.method, path, origin },
    `Refused a ${request.method} to ${path} from ${origin}: the portal's address is ${publicOrigin()} (set PUBLIC_URL if it is reached under another one)`,
  );
  return true;
}

/**
 * Pages live under the `us?` layouts (app/routes.ts); other routes (consent, theme, favourites,
 * beacons, auth API) have no page, so their refusal cannot be drawn in the shell.
 */
export function isPageRoute(pattern: string): boolean {
  // React Router joins the matched paths without a leading slash ("us?/login").
  return /^\/?us\?(\/|$)/.test(pattern);
}

/** The refusal's text in the language of the page the post came from (Referer), else of its address. */
function refusalText(request: Request, url: URL) {
  const language = languageOf(localeFromPath(URL.parse(request.headers.get("referer") ?? "")?.pathname ?? url.pathname));
  const t = translatorFor(language);
  return {
    language,
    title: t("common:error.foreign_origin_title"),
    description: t("common:error.foreign_origin_description", { expected: publicOrigin() }),
  };
}

/**
 * Whether a browser would show the answer as a page: a form's post (whatever Accept it sends:
 * a forged form, or curl posting one, may send none) or a request asking for HTML.
 */
function wantsPage(request: Request): boolean {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded" || type === "multipart/form-data") return true;
  return request.headers.get("accept")?.includes("text/html") ?? false;
}

/**
 * Root middleware: a foreign state-changing request ends with 403 before any action runs. A
 * page (and every request of the app's own script, `.data`) gets the error page in the shell;
 * a form posted to a route without a page (consent, theme, favourites) the same explanation on
 * a small page of its own; a script's fetch of such a route the sentence alone.
 */
export const sameOriginMiddleware: MiddlewareFunction<Response> = async ({ request, url, pattern }, next) => {
  if (!isForeignWrite(request) || (await isOneClickUnsubscribe(request, url))) return next();
  logRefusedOrigin(request, url.pathname);
  const headers = { "Cache-Control": "no-store" };
  if (isPageRoute(pattern) || isDataRequest(request)) {
    throw data<ForeignOriginRefusal>(
      { refusal: "foreign-origin", expected: publicOrigin() },
      { status: 403, statusText: "Forbidden", headers },
    );
  }
  const text = refusalText(request, url);
  if (wantsPage(request)) {
    throw new Response(barePage(text.language, text.title, text.description), {
      status: 403,
      headers: { ...headers, "Content-Type": "text/html; charset=utf-8" },
    });
  }
  throw new Response(`${text.title}. ${text.description}\n`, {
    status: 403,
    headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
  });
};
