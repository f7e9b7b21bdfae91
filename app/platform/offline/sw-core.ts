import { stripLocale } from "#app/i18n/locales.ts";
import { OFFLINE_PAGE_PATHS, offlinePagePath } from "./offline-files.ts";
import { isSavePlaceMessage, savedPlaces } from "./sw-places.ts";

// The service worker (app/service-worker.ts is its entry, served at /sw.js by
// routes/service-worker): hashed assets and images from the cache first, pages read from the
// network first with the kept copy as a fallback, and the offline page for a page never read.
// Limits and the reasons for them: docs/adr/0008-offline-and-installable.md.

/** The parts of a service worker's global scope used here (TypeScript's DOM library has none of them). */
export interface SwEvent {
  waitUntil(promise: Promise<unknown>): void;
}
export interface SwFetchEvent extends SwEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
export interface SwMessageEvent extends SwEvent {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
}
export interface WorkerScope {
  addEventListener(type: "install" | "activate", listener: (event: SwEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: SwFetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: SwMessageEvent) => void): void;
  readonly caches: CacheStorage;
  fetch(request: Request): Promise<Response>;
  readonly location: { readonly origin: string };
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
}

export type ServiceWorkerConfig = { version: string };

/** Pages kept for offline reading (the least recently read go first). */
export const PAGE_LIMIT = 60;
/** Uploaded images kept (the pictures of the pages read). */
export const IMAGE_LIMIT = 150;
/** At most this many addresses per warm-up message from a page. */
const WARM_LIMIT = 100;

const CACHE_PREFIX = "portal-";

/** Every cache of one build: a new build id means new caches, and the old ones go on activate. */
export function cacheNames(version: string) {
  const base = `${CACHE_PREFIX}${version}`;
  return { static: `${base}-static`, pages: `${base}-pages`, images: `${base}-images` };
}

/** The portal's caches that belong to another build (other caches of the origin are left alone). */
export function staleCaches(existing: readonly string[], version: string): string[] {
  const current = new Set(Object.values(cacheNames(version)));
  return existing.filter((name) => name.startsWith(CACHE_PREFIX) && !current.has(name));
}

/** Signed-in, staff, account and form pages: answered from the network only, never kept. */
const NEVER_KEPT =
  /^\/(?:cabinet|dashboard|login|verify-request|api|builds|set-locale|set-theme|consent|favourites|delete-account|unsubscribe|report|dodaty-ogoloshennya)(?:[/.]|$)/;

export function isPrivatePath(pathname: string): boolean {
  return NEVER_KEPT.test(stripLocale(pathname));
}

/**
 * Kept only when the server says the answer is the same for every visitor (the page cache
 * marks anonymous public pages `public`; a signed-in visitor's pages, a page carrying a
 * one-time message and every guarded page are `private` or `no-store`).
 */
export function isShareable(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("set-cookie")) return false;
  const cacheControl = (response.headers.get("cache-control") ?? "").toLowerCase();
  return /(?:^|[\s,])public(?:$|[\s,])/.test(cacheControl) && !/(?:^|[\s,])(?:private|no-store)(?:$|[\s,=])/.test(cacheControl);
}

type Strategy = "asset" | "image" | "page" | "data";

/** How a GET of this origin is answered; null leaves it to the browser. */
function strategyFor(url: URL, mode: RequestMode): Strategy | null {
  if (url.pathname.startsWith("/assets/")) return "asset";
  if (url.pathname.startsWith("/uploads/")) return "image";
  if (mode === "navigate") return "page";
  if (url.pathname.endsWith(".data")) return "data";
  return null;
}

/** The page whose loader data a client navigation asked for (`/novyny/x.data?_routes=…` is `/novyny/x`). */
export function documentPathOfData(url: URL): string {
  let path = url.pathname.replace(/\.data$/, "");
  if (path.endsWith("/_")) path = path.slice(0, -1);
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  params.delete("index");
  const query = params.toString();
  return `${path || "/"}${query ? `?${query}` : ""}`;
}

/** A page's request to keep what it loaded before the worker controlled it (entry.client.tsx). */
export type WarmMessage = { type: "warm"; page: string; resources: string[] };

function isWarmMessage(value: unknown): value is WarmMessage {
  if (!value || typeof value !== "object") return false;
  const message = value as Partial<WarmMessage>;
  return (
    message.type === "warm" &&
    typeof message.page === "string" &&
    Array.isArray(message.resources) &&
    message.resources.every((item) => typeof item === "string")
  );
}

const SIGN_OUT = /^\/api\/auth\/signout(?:\.data)?$/;
/** Answers the gateway gives while the app is away: a kept copy is better. */
const GATEWAY_FAILURES = new Set([502, 503, 504]);

export function installServiceWorker(scope: WorkerScope, { version }: ServiceWorkerConfig): void {
  const names = cacheNames(version);
  const { caches } = scope;
  const absolute = (path: string) => new URL(path, scope.location.origin).href;
  const places = savedPlaces({
    caches,
    fetch: (request) => scope.fetch(request),
    origin: scope.location.origin,
    storable: (url) => !isPrivatePath(url.pathname),
    shareable: isShareable,
  });

  async function keep(cacheName: string, key: Request | string, response: Response, limit: number) {
    const cache = await caches.open(cacheName);
    // put() appends (replacing an older copy): the first keys are the least recently stored.
    await cache.put(key, response);
    const keys = await cache.keys();
    await Promise.all(keys.slice(0, Math.max(0, keys.length - limit)).map((old) => cache.delete(old)));
  }

  async function fromCacheFirst(
    request: Request,
    cacheName: string,
    limit: number,
    later: (work: Promise<unknown>) => void,
  ): Promise<Response> {
    const cache = await caches.open(cacheName);
    // A hashed asset is the same in every cache: a saved place keeps its own build's.
    const kept = (await cache.match(request)) ?? (cacheName === names.static ? await caches.match(request) : undefined);
    if (kept) return kept;
    const response = await scope.fetch(request);
    if (response.status === 200) later(keep(cacheName, request, response.clone(), limit));
    return response;
  }

  /**
   * The page itself; when the network fails, its copy in a saved place (with the date it was
   * saved), else the copy kept from reading, else the offline page of its language.
   */
  async function answerPage(request: Request, url: URL, later: (work: Promise<unknown>) => void): Promise<Response> {
    const storable = !isPrivatePath(url.pathname);
    const keptCopy = async () =>
      storable ? ((await places.savedPage(request)) ?? (await caches.open(names.pages)).match(request, { ignoreVary: true })) : undefined;
    let response: Response;
    try {
      response = await scope.fetch(request);
    } catch {
      return (
        (await keptCopy()) ?? (await caches.match(absolute(offlinePagePath(url.pathname)), { cacheName: names.static })) ?? Response.error()
      );
    }
    if (GATEWAY_FAILURES.has(response.status)) return (await keptCopy()) ?? response;
    if (storable && isShareable(response)) later(keep(names.pages, request, response.clone(), PAGE_LIMIT));
    return response;
  }

  /**
   * A client navigation's loader data. Kept is the page it belongs to (fetched alongside), not
   * the data: the data answers one combination of routes, the page any later visit. Without
   * the network, React Router is sent to load the page as a document, which answerPage() answers.
   */
  async function answerData(request: Request, url: URL, later: (work: Promise<unknown>) => void): Promise<Response> {
    const path = documentPathOfData(url);
    const reload = () => new Response(null, { status: 204, headers: { "X-Remix-Redirect": path, "X-Remix-Reload-Document": "true" } });
    let response: Response;
    try {
      response = await scope.fetch(request);
    } catch {
      return reload();
    }
    if (GATEWAY_FAILURES.has(response.status)) return reload();
    if (!isPrivatePath(url.pathname) && isShareable(response)) {
      const pageUrl = new URL(path, url);
      later(answerPage(new Request(pageUrl.href, { headers: { Accept: "text/html" } }), pageUrl, later));
    }
    return response;
  }

  async function forgetPages() {
    await caches.delete(names.pages);
  }

  async function warm({ page, resources }: WarmMessage) {
    const work: Promise<unknown>[] = [];
    const later = (promise: Promise<unknown>) => void work.push(promise);
    for (const address of [page, ...resources].slice(0, WARM_LIMIT)) {
      let url: URL;
      try {
        url = new URL(address, scope.location.origin);
      } catch {
        continue;
      }
      if (url.origin !== scope.location.origin) continue;
      url.hash = "";
      const strategy = address === page ? "page" : strategyFor(url, "same-origin");
      const request = new Request(url.href, address === page ? { headers: { Accept: "text/html" } } : {});
      if (strategy === "asset") work.push(fromCacheFirst(request, names.static, Infinity, later));
      else if (strategy === "image") work.push(fromCacheFirst(request, names.images, IMAGE_LIMIT, later));
      else if (strategy === "page") work.push(answerPage(request, url, later));
    }
    // A failed warm-up leaves things as they were: the next visit fills the caches.
    for (let settled = 0; settled < work.length; settled++) await work[settled]!.catch(() => undefined);
  }

  scope.addEventListener("install", (event) => {
    event.waitUntil(
      (async () => {
        const cache = await caches.open(names.static);
        await cache.addAll(Object.values(OFFLINE_PAGE_PATHS).map((path) => new Request(absolute(path), { cache: "reload" })));
        // The new build takes over at once: its pages must not run on the old build's assets.
        await scope.skipWaiting();
      })(),
    );
  });

  scope.addEventListener("activate", (event) => {
    event.waitUntil(
      (async () => {
        await Promise.all(staleCaches(await caches.keys(), version).map((name) => caches.delete(name)));
        await scope.clients.claim();
      })(),
    );
  });

  scope.addEventListener("message", (event) => {
    if (isWarmMessage(event.data)) event.waitUntil(warm(event.data));
    const port = event.ports[0];
    if (isSavePlaceMessage(event.data) && port)
      event.waitUntil(places.save(event.data, (reply) => port.postMessage(reply)).catch(() => port.postMessage({ type: "failed" })));
  });

  scope.addEventListener("fetch", (event) => {
    const { request } = event;
    const url = new URL(request.url);
    if (url.origin !== scope.location.origin) return;
    if (request.method !== "GET") {
      // Signing out (with or without JavaScript): nothing read on this device stays behind.
      if (request.method === "POST" && SIGN_OUT.test(url.pathname)) event.waitUntil(forgetPages());
      return;
    }
    if (request.headers.has("range")) return;
    const strategy = strategyFor(url, request.mode);
    const later = (work: Promise<unknown>) => event.waitUntil(work.catch(() => undefined));
    if (strategy === "asset") event.respondWith(fromCacheFirst(request, names.static, Infinity, later));
    else if (strategy === "image") event.respondWith(fromCacheFirst(request, names.images, IMAGE_LIMIT, later));
    else if (strategy === "page") event.respondWith(answerPage(request, url, later));
    else if (strategy === "data") event.respondWith(answerData(request, url, later));
  });
}
