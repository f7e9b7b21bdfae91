// Saved places (the lists' "Save for offline"): a page sends the addresses of one place's
// pages; the worker fetches them as an anonymous visitor and keeps them, with the assets they
// name, in a cache of that place's own. Its name has no build in it, so a deployment keeps it
// (its pages keep their build's styles beside them). Offline, a page found there is answered
// as plain HTML (its scripts would hydrate it and then import chunks that were never fetched,
// and the error view with them) with a line saying when it was saved
// (docs/adr/0008-offline-and-installable.md, 2026-11-28).

export const PLACE_CACHE_PREFIX = "offline-place-";
/** Where a place's cache keeps what the list of saved places shows (not a page of the site). */
export const PLACE_META_PATH = "/offline/saved-place.json";
/** Addresses per place at most (the pack endpoint lists fewer). */
const PLACE_URL_LIMIT = 1000;
/** Pages fetched at once: a phone's connection, and a server shared with everyone else. */
const PARALLEL = 4;

export type SavedPlaceMeta = { slug: string; name: string; savedAt: string; label: string; pages: number; bytes: number };

/** The page's request: `label` is the banner's text, already in the page's language with the date. */
export type SavePlaceMessage = { type: "save-place"; slug: string; name: string; label: string; urls: string[] };

/** What the worker answers on the message's port. */
export type SavePlaceReply =
  { type: "progress"; done: number; total: number } | { type: "saved"; meta: SavedPlaceMeta } | { type: "failed" };

export function placeCacheName(slug: string): string {
  return `${PLACE_CACHE_PREFIX}${slug}`;
}

export function isSavePlaceMessage(value: unknown): value is SavePlaceMessage {
  if (!value || typeof value !== "object") return false;
  const message = value as Partial<SavePlaceMessage>;
  return (
    message.type === "save-place" &&
    typeof message.slug === "string" &&
    /^[a-z0-9][a-z0-9-]{0,99}$/.test(message.slug) &&
    typeof message.name === "string" &&
    typeof message.label === "string" &&
    Array.isArray(message.urls) &&
    message.urls.length <= PLACE_URL_LIMIT &&
    message.urls.every((item) => typeof item === "string")
  );
}

/** The hashed styles a page names, to open it styled offline (its scripts are not run there). */
function assetsOf(html: string): string[] {
  return [...new Set([...html.matchAll(/["'(](\/assets\/[^"'()\s]+\.css)\b/g)].map((match) => match[1]!))];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** The saved page as plain HTML (no scripts, no module preloads), its banner first in <body>. */
function savedPageHtml(html: string, label: string): string {
  const banner = `<p class="offline-saved" role="status">${escapeHtml(label)}</p>`;
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "")
    .replace(/<body\b[^>]*>/i, (body) => body + banner);
}

type Deps = {
  caches: CacheStorage;
  fetch: (request: Request) => Promise<Response>;
  origin: string;
  /** Whether a path may be kept at all (never signed-in or form pages). */
  storable: (url: URL) => boolean;
  /** Whether an answer is the same for everyone (Cache-Control public). */
  shareable: (response: Response) => boolean;
};

export function savedPlaces({ caches, fetch, origin, storable, shareable }: Deps) {
  const metaKey = new URL(PLACE_META_PATH, origin).href;

  async function save(message: SavePlaceMessage, reply: (data: SavePlaceReply) => void) {
    const urls = message.urls
      .map((address) => {
        try {
          return new URL(address, origin);
        } catch {
          return null;
        }
      })
      .filter((url): url is URL => url !== null && url.origin === origin && storable(url));
    const name = placeCacheName(message.slug);
    // Saved again: the new copy replaces the old one whole.
    await caches.delete(name);
    const cache = await caches.open(name);
    const assets = new Set<string>();
    let done = 0;
    let pages = 0;
    let bytes = 0;
    const queue = [...urls];
    async function worker() {
      for (let url = queue.shift(); url; url = queue.shift()) {
        try {
          // As an anonymous visitor: a signed-in visitor's pages are never kept (they are private).
          // Past the HTTP cache: a copy left there (stale-while-revalidate) would be served offline
          // with its scripts before the worker's fallback is reached.
          const response = await fetch(new Request(url.href, { credentials: "omit", cache: "no-store", headers: { Accept: "text/html" } }));
          if (shareable(response)) {
            const body = await response.clone().arrayBuffer();
            for (const asset of assetsOf(new TextDecoder().decode(body))) assets.add(asset);
            await cache.put(url.href, response);
            pages++;
            bytes += body.byteLength;
          }
        } catch {
          // A page that failed is left out; the others are still saved.
        }
        reply({ type: "progress", done: ++done, total: urls.length });
      }
    }
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    for (const asset of assets) {
      const href = new URL(asset, origin).href;
      try {
        const kept = (await caches.match(href)) ?? (await fetch(new Request(href)));
        if (kept.ok) await cache.put(href, kept);
      } catch {
        // Without one asset the page still opens, less styled.
      }
    }
    if (pages === 0) {
      await caches.delete(name);
      reply({ type: "failed" });
      return;
    }
    const meta: SavedPlaceMeta = {
      slug: message.slug,
      name: message.name,
      label: message.label,
      savedAt: new Date().toISOString(),
      pages,
      bytes,
    };
    await cache.put(metaKey, new Response(JSON.stringify(meta), { headers: { "Content-Type": "application/json" } }));
    reply({ type: "saved", meta });
  }

  /** The saved copy of a page, with its banner; undefined when no place holds it. */
  async function savedPage(request: Request): Promise<Response | undefined> {
    for (const name of await caches.keys()) {
      if (!name.startsWith(PLACE_CACHE_PREFIX)) continue;
      const cache = await caches.open(name);
      const page = await cache.match(request.url, { ignoreVary: true });
      if (!page) continue;
      const meta = (await (await cache.match(metaKey))?.json().catch(() => null)) as SavedPlaceMeta | null;
      if (!meta) continue;
      const headers = new Headers(page.headers);
      headers.delete("content-length");
      return new Response(savedPageHtml(await page.text(), meta.label), { status: 200, headers });
    }
    return undefined;
  }

  return { save, savedPage };
}
