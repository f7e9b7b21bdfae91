import { createHash } from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { localeFromPath } from "#app/i18n/locales.ts";
import { getConfig } from "#app/platform/config/config.server.ts";
import { readConsent } from "#app/platform/consent/consent.server.ts";
import { ifNoneMatchHolds } from "#app/platform/http/etag.ts";
import { readCookie, readTheme } from "#app/platform/http/cookies.server.ts";
import { SizedLru } from "./lru.ts";
import { getContentState, isCurrent, stampFor, type ContentState, type Stamp, type VersionedTable } from "./content-state.server.ts";
import { applyPageEffects, newPageEffects, pageEffectsContext, type PageEffects } from "./request-effects.server.ts";
import { logger } from "#app/platform/logger/logger.server.ts";

// HTTP caching of public pages, and an in-process cache of their rendered responses.
//
// - Signed-in requests (a `__session` cookie) are private and never cached here.
// - Anonymous GETs get `public, s-maxage, stale-while-revalidate` (a CDN may keep them
//   briefly) and an ETag answered with 304.
// - When `store` is on, an anonymous 200 response is kept in memory, keyed by what changes
//   the page and nothing else (pageCacheKey: path and query, locale, theme, consent), and
//   reused until a table it depends on changes (content_versions, polled every second so
//   every process notices a change made by any other), until time alone would change it
//   (a scheduled item going live), or `maxAgeSeconds` at most. Pages thus cost no database
//   or rendering work while nothing changes, and are still fresh within about a second.
//   Once a partition is full, a page gets in on its second miss (SizedLru's doorkeeper), so
//   a crawl of pages nobody asks for twice cannot push out the ones asked for all the time.

export type PageCacheOptions = {
  /** Tables the page is built from; the shell's (settings, pages) are always added. */
  deps: readonly VersionedTable[];
  /** Keep rendered responses in memory, and in which partition ("search": open-ended query space, small bound). */
  store?: boolean;
  partition?: CachePartition;
  /** Upper bound on how long an unchanged response is reused, in seconds. */
  maxAgeSeconds?: number;
  /** s-maxage for shared caches (CDN), in seconds. */
  sharedMaxAgeSeconds?: number;
  /** Responses bigger than this are served but not kept. */
  maxEntryBytes?: number;
};

type Entry = {
  status: number;
  headers: Array<[string, string]>;
  body: Uint8Array;
  etag: string;
  deps: readonly string[];
  stamp: Stamp;
  effects: PageEffects;
};

const SHELL_TABLES: VersionedTable[] = ["settings", "pages"];
const CACHEABLE_TYPES = /^(text\/html|text\/x-script|application\/(xml|rss\+xml|json)|text\/(xml|calendar|plain))/i;
const MB = 1024 * 1024;
/**
 * Kept responses, in partitions with their own size bounds: a flood of one-off search
 * queries can then never push the site's pages out.
 */
export type CachePartition = "pages" | "search";
let kept: Record<CachePartition, SizedLru<Entry>> | undefined;
/** Made on first use, when the configuration has been read. */
function partitions(): Record<CachePartition, SizedLru<Entry>> {
  const { pageCacheMb } = getConfig();
  kept ??= { pages: new SizedLru<Entry>(pageCacheMb.pages * MB), search: new SizedLru<Entry>(pageCacheMb.search * MB) };
  return kept;
}

const SESSION_COOKIE = "__session";
const FLASH_COOKIE = "__flash";

/** Drops every kept response (tests; an operator could call it after a deploy). */
export function clearPageCache(): void {
  for (const partition of Object.values(partitions())) partition.clear();
}

export function pageCacheSize(): Record<CachePartition, { entries: number; bytes: number }> {
  const { pages, search } = partitions();
  return { pages: pages.size, search: search.size };
}

const NONCE_ATTRIBUTE = Buffer.from(' nonce="');
const QUOTE = 0x22;

/**
 * The CSP nonce differs on every render: two renders that differ by it only are one page.
 * The bytes around each ` nonce="…"` are hashed as they are (no decoding into a string).
 */
export function etagOf(body: Uint8Array): string {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const hash = createHash("sha1");
  let from = 0;
  for (let at = bytes.indexOf(NONCE_ATTRIBUTE, from); at !== -1; at = bytes.indexOf(NONCE_ATTRIBUTE, from)) {
    const end = bytes.indexOf(QUOTE, at + NONCE_ATTRIBUTE.length);
    if (end === -1) break;
    hash.update(bytes.subarray(from, at));
    from = end + 1;
  }
  hash.update(bytes.subarray(from));
  return `W/"${hash.digest("base64url")}"`;
}

/** If-None-Match holds this ETag (or `*`); weak comparison, as for GET. */
function etagMatches(request: Request, etag: string): boolean {
  const header = request.headers.get("if-none-match");
  return header ? ifNoneMatchHolds(header, etag) : false;
}

function publicCacheControl(sharedMaxAge: number): string {
  return `public, max-age=0, s-maxage=${sharedMaxAge}, stale-while-revalidate=${sharedMaxAge * 10}`;
}

function withVary(headers: Headers): void {
  const vary = headers.get("vary");
  if (!vary || !/\bcookie\b/i.test(vary)) headers.set("Vary", vary ? `${vary}, Cookie` : "Cookie");
}

/** A preview of unpublished content: for the one viewer, kept by no cache, shown to no crawler. */
function privatePreview(response: Response): Response {
  response.headers.set("Cache-Control", "private, no-store");
  response.headers.set("X-Robots-Tag", "noindex");
  return response;
}

function respond(request: Request, status: number, headers: Headers, body: Uint8Array, etag: string): Response {
  headers.set("ETag", etag);
  if (etagMatches(request, etag)) {
    const notModified = new Headers();
    for (const name of ["cache-control", "etag", "vary", "content-location", "x-page-cache"]) {
      const value = headers.get(name);
      if (value) notModified.set(name, value);
    }
    return new Response(null, { status: 304, headers: notModified });
  }
  headers.delete("content-length");
  return new Response(request.method === "HEAD" ? null : (body as BodyInit), { status, headers });
}

/**
 * What an anonymous page depends on: path and query (document or `.data`), locale, theme and
 * the consent decision. No other header and no other cookie (a visitor id, a tracking
 * cookie, Host) is part of it, so no request can give the next visitor a page made for it.
 */
export function pageCacheKey(request: Request): string {
  const { pathname, search } = new URL(request.url);
  const consent = readConsent(request);
  return [pathname + search, localeFromPath(pathname), readTheme(request), consent.given ? consent.enabled.join("~") : "-"].join("\n");
}

/**
 * The middleware of a public page route: `export const middleware = [publicPageCache({ deps: [...] })]`.
 * Loaders of such routes report views and reklama impressions through request-effects.server.ts
 * (each kind defined by its domain with definePageEffect).
 */
export function publicPageCache(options: PageCacheOptions): MiddlewareFunction<Response> {
  const deps = [...new Set([...options.deps, ...SHELL_TABLES])];
  const store = options.store ?? true;
  const cache = partitions()[options.partition ?? "pages"];
  const maxAgeMs = (options.maxAgeSeconds ?? 300) * 1000;
  const sharedMaxAge = options.sharedMaxAgeSeconds ?? 60;
  const maxEntryBytes = options.maxEntryBytes ?? 2 * 1024 * 1024;

  return async ({ request, context }, next) => {
    const effects = newPageEffects();
    context.set(pageEffectsContext, effects);
    if (request.method !== "GET" && request.method !== "HEAD") return next();

    const flash = readCookie(request, FLASH_COOKIE) !== undefined;
    if (readCookie(request, SESSION_COOKIE) !== undefined) {
      const response = await next();
      // A page carrying a one-time message is not stored either: "back" reused it, toast included.
      response.headers.set("Cache-Control", flash ? "private, no-store" : "private, no-cache");
      withVary(response.headers);
      applyPageEffects({ request, context }, effects);
      return effects.unpublished ? privatePreview(response) : response;
    }
    if (flash) {
      // The page carries a one-time message: neither shared nor kept.
      const response = await next();
      response.headers.set("Cache-Control", "private, no-store");
      applyPageEffects({ request, context }, effects);
      return effects.unpublished ? privatePreview(response) : response;
    }

    const key = pageCacheKey(request);
    let state: ContentState | undefined;
    if (store) {
      state = await getContentState().catch((error: unknown) => {
        logger.error({ err: error }, "page cache: content state unavailable");
        return undefined;
      });
      const cached = state ? cache.get(key) : undefined;
      if (cached && state && isCurrent(cached.stamp, cached.deps, state)) {
        applyPageEffects({ request, context }, cached.effects);
        const headers = new Headers(cached.headers);
        headers.set("X-Page-Cache", "hit");
        return respond(request, cached.status, headers, cached.body, cached.etag);
      }
    }

    const response = await next();
    applyPageEffects({ request, context }, effects);
    if (effects.unpublished) return privatePreview(response);
    const type = response.headers.get("content-type") ?? "";
    if (response.status !== 200 || response.headers.has("set-cookie") || !CACHEABLE_TYPES.test(type)) {
      return response;
    }
    const headers = new Headers(response.headers);
    headers.set("Cache-Control", publicCacheControl(sharedMaxAge));
    withVary(headers);
    if (request.method === "HEAD") return new Response(null, { status: 200, headers });
    const body = new Uint8Array(await response.arrayBuffer());
    const etag = etagOf(body);
    if (store && state && body.byteLength <= maxEntryBytes) {
      headers.set("ETag", etag);
      const entry: Entry = {
        status: 200,
        headers: [...headers.entries()],
        body,
        etag,
        deps,
        stamp: stampFor(deps, state, { maxAgeMs }),
        effects,
      };
      cache.set(key, entry, body.byteLength + key.length);
      headers.set("X-Page-Cache", "miss");
    }
    return respond(request, 200, headers, body, etag);
  };
}
