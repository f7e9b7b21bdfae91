// The service worker's rules, run against an in-memory Cache Storage and a network that can
// be cut: what is kept, what is answered offline, what a sign-out and a new build remove.
// The browser test (tests/e2e/offline.spec.ts) runs the same worker in Chromium.
import { describe, expect, it } from "vitest";
import {
  cacheNames,
  documentPathOfData,
  IMAGE_LIMIT,
  installServiceWorker,
  isPrivatePath,
  isShareable,
  PAGE_LIMIT,
  staleCaches,
  type SwEvent,
  type SwFetchEvent,
  type SwMessageEvent,
  type WorkerScope,
} from "#app/platform/offline/sw-core.ts";
import { OFFLINE_PAGE_PATHS } from "#app/platform/offline/offline-files.ts";

const ORIGIN = "https://portal.test";

/** Cache API semantics the worker relies on: match by URL (Vary ignored), put appends, keys in order. */
class MemoryCache implements Cache {
  entries: Array<{ url: string; request: Request; response: Response }> = [];
  private readonly network: Network;
  constructor(network: Network) {
    this.network = network;
  }
  private static url(key: RequestInfo | URL) {
    return new URL(key instanceof Request ? key.url : String(key), ORIGIN).href;
  }
  async match(key: RequestInfo | URL) {
    const found = this.entries.find((entry) => entry.url === MemoryCache.url(key));
    return found?.response.clone();
  }
  async matchAll(): Promise<readonly Response[]> {
    return this.entries.map((entry) => entry.response.clone());
  }
  async put(key: RequestInfo | URL, response: Response) {
    const url = MemoryCache.url(key);
    await response.clone().arrayBuffer(); // a real put reads the whole body
    this.entries = this.entries.filter((entry) => entry.url !== url);
    this.entries.push({ url, request: key instanceof Request ? key : new Request(url), response });
  }
  async add(key: RequestInfo) {
    await this.addAll([key]);
  }
  /** Fetches through the network, as the browser's does. */
  async addAll(keys: Iterable<RequestInfo>) {
    for (const key of keys) {
      const request = key instanceof Request ? key : new Request(new URL(key, ORIGIN));
      const response = await this.network.fetch(request);
      if (!response.ok) throw new TypeError(`addAll: ${response.status}`);
      await this.put(request, response);
    }
  }
  async delete(key: RequestInfo | URL) {
    const before = this.entries.length;
    this.entries = this.entries.filter((entry) => entry.url !== MemoryCache.url(key));
    return this.entries.length !== before;
  }
  async keys(): Promise<readonly Request[]> {
    return this.entries.map((entry) => entry.request);
  }
  urls(): string[] {
    return this.entries.map((entry) => entry.url.slice(ORIGIN.length));
  }
}

class MemoryCacheStorage implements CacheStorage {
  caches = new Map<string, MemoryCache>();
  private readonly network: Network;
  constructor(network: Network) {
    this.network = network;
  }
  async open(name: string) {
    let cache = this.caches.get(name);
    if (!cache) this.caches.set(name, (cache = new MemoryCache(this.network)));
    return cache;
  }
  async has(name: string) {
    return this.caches.has(name);
  }
  async delete(name: string) {
    return this.caches.delete(name);
  }
  async keys() {
    return [...this.caches.keys()];
  }
  async match(key: RequestInfo | URL, options?: MultiCacheQueryOptions) {
    const names = options?.cacheName ? [options.cacheName] : [...this.caches.keys()];
    for (const name of names) {
      const found = await this.caches.get(name)?.match(key);
      if (found) return found;
    }
    return undefined;
  }
}

type Page = { body: string; status?: number; cacheControl?: string };

/** The server, reachable or not, counting what reaches it. */
class Network {
  online = true;
  pages = new Map<string, Page>();
  requests: string[] = [];
  async fetch(request: Request): Promise<Response> {
    const path = request.url.slice(ORIGIN.length);
    if (!this.online) throw new TypeError("Failed to fetch");
    this.requests.push(`${request.method} ${path}`);
    const page = this.pages.get(path);
    if (!page) return new Response("not found", { status: 404 });
    return new Response(page.body, {
      status: page.status ?? 200,
      headers: page.cacheControl ? { "Cache-Control": page.cacheControl } : {},
    });
  }
}

const PUBLIC = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

function worker(version = "build-1", storage?: MemoryCacheStorage, network = new Network()) {
  const caches = storage ?? new MemoryCacheStorage(network);
  const listeners = new Map<string, (event: never) => void>();
  let claimed = 0;
  const scope: WorkerScope = {
    addEventListener: (type: string, listener: (event: never) => void) => void listeners.set(type, listener),
    caches,
    fetch: (request) => network.fetch(request),
    location: { origin: ORIGIN },
    skipWaiting: async () => undefined,
    clients: { claim: async () => void claimed++ },
  } as WorkerScope;
  installServiceWorker(scope, { version });
  network.pages.set(OFFLINE_PAGE_PATHS.uk, { body: "<h1>Немає з'єднання</h1>" });
  network.pages.set(OFFLINE_PAGE_PATHS.en, { body: "<h1>No connection</h1>" });

  async function lifecycle(type: "install" | "activate") {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)!({ waitUntil: (promise: Promise<unknown>) => void pending.push(promise) } satisfies SwEvent as never);
    await Promise.all(pending);
  }

  /** A fetch event; null when the worker leaves the request to the browser. */
  async function request(
    path: string,
    { mode = "cors", method = "GET" }: { mode?: RequestMode | "navigate"; method?: string } = {},
  ): Promise<Response | null> {
    const request = new Request(new URL(path, ORIGIN), { method });
    Object.defineProperty(request, "mode", { value: mode });
    let answer: Promise<Response> | null = null;
    const pending: Promise<unknown>[] = [];
    const event: SwFetchEvent = {
      request,
      respondWith: (response) => void (answer = response),
      waitUntil: (promise) => void pending.push(promise),
    };
    listeners.get("fetch")!(event as never);
    const response = answer ? await answer : null;
    // Work the worker keeps doing after answering (storing a copy) finishes before the next step.
    for (let index = 0; index < pending.length; index++) await pending[index];
    return response;
  }

  async function message(data: unknown, ports: MessagePort[] = []) {
    const pending: Promise<unknown>[] = [];
    listeners.get("message")!({
      data,
      ports,
      waitUntil: (promise: Promise<unknown>) => void pending.push(promise),
    } satisfies SwMessageEvent as never);
    await Promise.all(pending);
  }

  const names = cacheNames(version);
  const pagesKept = () => caches.caches.get(names.pages)?.urls() ?? [];
  return { caches, network, lifecycle, request, message, names, pagesKept, claims: () => claimed };
}

async function installed(version?: string) {
  const sw = worker(version);
  await sw.lifecycle("install");
  await sw.lifecycle("activate");
  return sw;
}

describe("service worker: pages read are kept for offline reading", () => {
  it("answers a page read online from the cache once the network is gone, and an unread one with the offline page of its language", async () => {
    const sw = await installed();
    sw.network.pages.set("/novyny/read", { body: "read item", cacheControl: PUBLIC });
    expect(await (await sw.request("/novyny/read", { mode: "navigate" }))!.text()).toBe("read item");
    expect(sw.pagesKept()).toEqual(["/novyny/read"]);

    sw.network.online = false;
    expect(await (await sw.request("/novyny/read", { mode: "navigate" }))!.text()).toBe("read item");
    expect(await (await sw.request("/novyny/unread", { mode: "navigate" }))!.text()).toContain("Немає з'єднання");
    expect(await (await sw.request("/us/novyny/unread", { mode: "navigate" }))!.text()).toContain("No connection");
    expect(await (await sw.request("/us", { mode: "navigate" }))!.text()).toContain("No connection");
  });

  it("prefers the network while it answers, and the kept copy when the gateway fails", async () => {
    const sw = await installed();
    sw.network.pages.set("/poster/x", { body: "first", cacheControl: PUBLIC });
    await sw.request("/poster/x", { mode: "navigate" });
    sw.network.pages.set("/poster/x", { body: "second", cacheControl: PUBLIC });
    expect(await (await sw.request("/poster/x", { mode: "navigate" }))!.text()).toBe("second");
    sw.network.pages.set("/poster/x", { body: "busy", status: 503, cacheControl: "no-store" });
    expect(await (await sw.request("/poster/x", { mode: "navigate" }))!.text()).toBe("second");
    sw.network.pages.set("/poster/unread", { body: "busy", status: 503, cacheControl: "no-store" });
    expect((await sw.request("/poster/unread", { mode: "navigate" }))!.status).toBe(503);
  });

  it("keeps the page of a client navigation's data and, offline, sends React Router to load that page as a document", async () => {
    const sw = await installed();
    sw.network.pages.set("/advertisement/flat.data?_routes=routes%2Fadvert-item%2Froute", { body: "turbo", cacheControl: PUBLIC });
    sw.network.pages.set("/advertisement/flat", { body: "flat page", cacheControl: PUBLIC });
    expect(await (await sw.request("/advertisement/flat.data?_routes=routes%2Fadvert-item%2Froute"))!.text()).toBe("turbo");
    expect(sw.pagesKept()).toEqual(["/advertisement/flat"]);
    sw.network.online = false;
    const offline = (await sw.request("/us/novyny/other.data?page=2&_routes=x"))!;
    expect(offline.status).toBe(204);
    expect(offline.headers.get("X-Remix-Redirect")).toBe("/us/novyny/other?page=2");
    expect(offline.headers.get("X-Remix-Reload-Document")).toBe("true");
    expect(await (await sw.request("/advertisement/flat", { mode: "navigate" }))!.text()).toBe("flat page");
  });

  it("fetches no page for the data of a signed-in visitor", async () => {
    const sw = await installed();
    sw.network.pages.set("/novyny/x.data", { body: "turbo", cacheControl: "private, no-cache" });
    await sw.request("/novyny/x.data");
    expect(sw.network.requests).toEqual(["GET /offline.html", "GET /us/offline.html", "GET /novyny/x.data"]);
    expect(sw.pagesKept()).toEqual([]);
  });

  it("keeps at most PAGE_LIMIT pages, dropping the least recently stored", async () => {
    const sw = await installed();
    for (let index = 0; index < PAGE_LIMIT + 5; index++) {
      sw.network.pages.set(`/novyny/n${index}`, { body: `n${index}`, cacheControl: PUBLIC });
      await sw.request(`/novyny/n${index}`, { mode: "navigate" });
    }
    const kept = sw.pagesKept();
    expect(kept).toHaveLength(PAGE_LIMIT);
    expect(kept[0]).toBe("/novyny/n5");
    expect(kept.at(-1)).toBe(`/novyny/n${PAGE_LIMIT + 4}`);
  });

  it("serves hashed assets and images from the cache first, images bounded", async () => {
    const sw = await installed();
    sw.network.pages.set("/assets/entry-abc.js", { body: "js" });
    await sw.request("/assets/entry-abc.js");
    await sw.request("/assets/entry-abc.js");
    expect(sw.network.requests.filter((line) => line === "GET /assets/entry-abc.js")).toHaveLength(1);
    for (let index = 0; index < IMAGE_LIMIT + 1; index++) {
      sw.network.pages.set(`/uploads/i${index}.webp`, { body: "img" });
      await sw.request(`/uploads/i${index}.webp`);
    }
    expect(sw.caches.caches.get(sw.names.images)!.urls()).toHaveLength(IMAGE_LIMIT);
    sw.network.online = false;
    expect(await (await sw.request("/assets/entry-abc.js"))!.text()).toBe("js");
  });

  it("keeps the page and assets a page loaded before the worker controlled it", async () => {
    const sw = await installed();
    sw.network.pages.set("/novyny/first", { body: "first", cacheControl: PUBLIC });
    sw.network.pages.set("/assets/root-1.css", { body: "css" });
    await sw.message({
      type: "warm",
      page: `${ORIGIN}/novyny/first#top`,
      resources: [`${ORIGIN}/assets/root-1.css`, "https://elsewhere.test/x.js", `${ORIGIN}/api/heartbeat`],
    });
    expect(sw.pagesKept()).toEqual(["/novyny/first"]);
    expect(sw.caches.caches.get(sw.names.static)!.urls()).toContain("/assets/root-1.css");
    expect(sw.network.requests).not.toContain("GET /api/heartbeat");
    await sw.message({ type: "warm", page: 42 }); // not a warm-up: ignored
  });
});

describe("service worker: nothing of a signed-in visitor stays", () => {
  it("never keeps a private or no-store answer, nor any cabinet, dashboard or login page", async () => {
    const sw = await installed();
    sw.network.pages.set("/novyny/signed-in", { body: "Hello, Olena", cacheControl: "private, no-cache" });
    sw.network.pages.set("/novyny/flash", { body: "toast", cacheControl: "private, no-store" });
    sw.network.pages.set("/privacy-policy", { body: "no header" });
    sw.network.pages.set("/cabinet", { body: "my adverts", cacheControl: PUBLIC });
    sw.network.pages.set("/us/dashboard/news", { body: "staff", cacheControl: PUBLIC });
    for (const path of ["/novyny/signed-in", "/novyny/flash", "/privacy-policy", "/cabinet", "/us/dashboard/news"]) {
      expect((await sw.request(path, { mode: "navigate" }))!.status).toBe(200);
    }
    sw.network.pages.set("/cabinet/favourites.data", { body: "data", cacheControl: PUBLIC });
    await sw.request("/cabinet/favourites.data");
    expect(sw.pagesKept()).toEqual([]);
    sw.network.online = false;
    expect(await (await sw.request("/cabinet", { mode: "navigate" }))!.text()).toContain("Немає з'єднання");
  });

  it("forgets every page kept when someone signs out, and leaves posts alone", async () => {
    const sw = await installed();
    sw.network.pages.set("/novyny/read", { body: "read", cacheControl: PUBLIC });
    await sw.request("/novyny/read", { mode: "navigate" });
    expect(sw.pagesKept()).toHaveLength(1);
    expect(await sw.request("/login", { mode: "navigate", method: "POST" })).toBeNull();
    expect(sw.pagesKept()).toHaveLength(1);
    expect(await sw.request("/api/auth/signout", { mode: "navigate", method: "POST" })).toBeNull();
    expect(sw.pagesKept()).toEqual([]);
  });

  it("reads the server's cache headers strictly", () => {
    const answer = (cacheControl: string | null, status = 200, extra: Record<string, string> = {}) =>
      new Response("x", { status, headers: { ...(cacheControl ? { "Cache-Control": cacheControl } : {}), ...extra } });
    expect(isShareable(answer(PUBLIC))).toBe(true);
    expect(isShareable(answer("Public,max-age=60"))).toBe(true);
    expect(isShareable(answer(null))).toBe(false);
    expect(isShareable(answer("public, no-store"))).toBe(false);
    expect(isShareable(answer("private, max-age=0"))).toBe(false);
    expect(isShareable(answer("public", 404))).toBe(false);
    expect(isShareable(answer("public", 200, { "Set-Cookie": "a=b" }))).toBe(false);
    expect(isShareable(answer("max-age=60, publicity=1"))).toBe(false);
    for (const path of [
      "/cabinet",
      "/us/cabinet/favourites",
      "/dashboard.data",
      "/login",
      "/us/login.data",
      "/api/auth/session",
      "/dodaty-ogoloshennya",
    ]) {
      expect(isPrivatePath(path), path).toBe(true);
    }
    for (const path of ["/", "/us", "/novyny/cabinet", "/loginov", "/advertisement/x", "/us/poster/y.data"]) {
      expect(isPrivatePath(path), path).toBe(false);
    }
  });

  it("turns data addresses back into page addresses", () => {
    expect(documentPathOfData(new URL(`${ORIGIN}/_.data`))).toBe("/");
    expect(documentPathOfData(new URL(`${ORIGIN}/us.data?_routes=root`))).toBe("/us");
    expect(documentPathOfData(new URL(`${ORIGIN}/novyny.data?page=3&index`))).toBe("/novyny?page=3");
  });
});

describe("service worker: a new build replaces the last one's caches", () => {
  it("names its caches after the build id and deletes the portal's other caches on activate", async () => {
    expect(cacheNames("a1")).toEqual({ static: "portal-a1-static", pages: "portal-a1-pages", images: "portal-a1-images" });
    expect(staleCaches(["portal-a1-pages", "portal-b2-pages", "portal-b2-static", "someone-else"], "a1")).toEqual([
      "portal-b2-pages",
      "portal-b2-static",
    ]);

    const old = await installed("build-1");
    old.network.pages.set("/novyny/read", { body: "old", cacheControl: PUBLIC });
    await old.request("/novyny/read", { mode: "navigate" });
    await old.caches.open("another-app");
    expect(await old.caches.keys()).toEqual(expect.arrayContaining(["portal-build-1-static", "portal-build-1-pages"]));

    const next = worker("build-2", old.caches, old.network);
    await next.lifecycle("install");
    // Installed but not yet active: the old build's caches still serve the open pages.
    expect(await old.caches.keys()).toContain("portal-build-1-pages");
    await next.lifecycle("activate");
    expect((await old.caches.keys()).sort()).toEqual(["another-app", "portal-build-2-static"]);
    expect(next.claims()).toBe(1);
    // The new build's offline pages were fetched afresh at install.
    expect(next.network.requests.filter((line) => line === `GET ${OFFLINE_PAGE_PATHS.en}`)).toHaveLength(2);
  });
});

describe("service worker: saved places", () => {
  const saving = (urls: string[]) => ({ type: "save-place", slug: "kyiv", name: "Київ", label: "Збережено 28 листопада", urls });
  const replies: unknown[] = [];
  const port = { postMessage: (reply: unknown) => void replies.push(reply) } as unknown as MessagePort;

  it("keeps a place's public pages and their assets, answers them offline with the banner, and the rest with the offline page", async () => {
    const sw = await installed();
    const page =
      '<html><body class="x"><link rel="stylesheet" href="/assets/root-1.css"><link rel="modulepreload" href="/assets/entry-1.js"><main>Kyiv services</main><script type="module">import "/assets/entry-1.js";</script></body></html>';
    sw.network.pages.set("/services?location=kyiv", { body: page, cacheControl: PUBLIC });
    sw.network.pages.set("/services/a", { body: page, cacheControl: PUBLIC });
    sw.network.pages.set("/services/private", { body: "mine", cacheControl: "private, no-cache" });
    sw.network.pages.set("/assets/root-1.css", { body: "css" });
    await sw.message(saving(["/services?location=kyiv", "/services/a", "/services/private", "/cabinet", "https://elsewhere.test/x"]), [
      port,
    ]);
    const place = sw.caches.caches.get("offline-place-kyiv")!;
    expect(place.urls()).toEqual(["/services?location=kyiv", "/services/a", "/assets/root-1.css", "/offline/saved-place.json"]);
    expect(replies.at(-1)).toMatchObject({ type: "saved", meta: { slug: "kyiv", pages: 2 } });
    expect(sw.network.requests).not.toContain("GET /cabinet");

    sw.network.online = false;
    const saved = await (await sw.request("/services/a", { mode: "navigate" }))!.text();
    // Plain HTML: the page's scripts would import chunks never fetched.
    expect(saved).toBe(
      '<html><body class="x"><p class="offline-saved" role="status">Збережено 28 листопада</p><link rel="stylesheet" href="/assets/root-1.css"><main>Kyiv services</main></body></html>',
    );
    expect(await (await sw.request("/services/b", { mode: "navigate" }))!.text()).toContain("Немає з'єднання");
    // A new build's worker keeps saved places (their name has no build in it) and serves their assets.
    expect(staleCaches(await sw.caches.keys(), "build-2")).not.toContain("offline-place-kyiv");
    expect(await (await sw.request("/assets/root-1.css"))!.text()).toBe("css");

    await sw.caches.delete("offline-place-kyiv");
    expect(await (await sw.request("/services/a", { mode: "navigate" }))!.text()).toContain("Немає з'єднання");
  });

  it("refuses a malformed request and reports a place of which nothing could be saved", async () => {
    const sw = await installed();
    await sw.message({ ...saving(["/services/a"]), slug: "../x" }, [port]);
    expect([...sw.caches.caches.keys()].some((name) => name.startsWith("offline-place-"))).toBe(false);
    replies.length = 0;
    sw.network.pages.set("/services/a", { body: "x", cacheControl: "private" });
    await sw.message(saving(["/services/a"]), [port]);
    expect(replies.at(-1)).toEqual({ type: "failed" });
    expect(sw.caches.caches.has("offline-place-kyiv")).toBe(false);
  });
});
