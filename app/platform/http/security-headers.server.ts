import { randomFillSync } from "node:crypto";

// Security headers. The static ones go on every response the server
// sends (server/app-server.ts); the Content-Security-Policy goes on every HTML document,
// with a nonce made per render for the inline scripts React Router emits (entry.server.tsx).
// Why style-src keeps 'unsafe-inline': docs/adr/0027-hardening.md.

const NONCE_BYTES = 18;
// Nonces are cut from one buffer of CSPRNG bytes, refilled when used up (as Node does for
// randomUUID): a separate randomBytes() per page was a measurable cost (docs/adr/0033). Each
// nonce is still 18 fresh random bytes, never reused.
const pool = Buffer.alloc(NONCE_BYTES * 256);
let poolOffset = pool.length;

export function newNonce(): string {
  if (poolOffset + NONCE_BYTES > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const nonce = pool.toString("base64", poolOffset, poolOffset + NONCE_BYTES);
  poolOffset += NONCE_BYTES;
  return nonce;
}

/**
 * The policy of an HTML document. `mapTileOrigin`: the third-party tile host an operator named
 * (MAP_TILE_URL, config `maps.origin`), which map pages fetch tiles from; without it the
 * portal's own origin is the only one (the basemap is served from /map/tiles).
 */
export function contentSecurityPolicy(nonce: string, mapTileOrigin?: string): string {
  const tiles = mapTileOrigin ? ` ${mapTileOrigin}` : "";
  return [
    "default-src 'self'",
    // Hydration data, the route manifest and scroll restoration are inline: nonce only.
    `script-src 'self' 'nonce-${nonce}'`,
    // PrimeReact positions overlays with style attributes and injects <style> elements,
    // Quill and chart.js set element styles: nonces cannot cover style attributes.
    "style-src 'self' 'unsafe-inline'",
    // data: for small inline icons (MapLibre's controls too), blob: for the local previews of
    // chosen photos and the map's decoded images.
    `img-src 'self' data: blob:${tiles}`,
    "font-src 'self' data:",
    `connect-src 'self'${tiles}`,
    "media-src 'self'",
    "object-src 'none'",
    "frame-src 'none'",
    // MapLibre starts its worker from its own file on this origin (maplibre-gl-worker.mjs); it
    // falls back to a blob: URL only for a worker file on another origin, which the portal never uses.
    "worker-src 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

// The one exception to "no framing": the embedded calendar (`/embed/poster`, `/us/embed/poster`),
// which other sites show in an <iframe>. Decided here by path, applied by server/app-server.ts.
const EMBED_PATH = /^\/(?:us\/)?embed\/[a-z-]+$/;

/** Whether other sites may frame the page at `pathname` (a path without its query). */
export function isEmbedPath(pathname: string): boolean {
  return EMBED_PATH.test(pathname);
}

/**
 * The policy of a page other sites frame: any site may frame it; it runs no script, loads
 * nothing (its styles are inline), submits nothing and sets no base.
 */
export function embedContentSecurityPolicy(): string {
  return ["default-src 'none'", "style-src 'unsafe-inline'", "base-uri 'none'", "form-action 'none'", "frame-ancestors *"].join("; ");
}

const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  // "Nearest to me" asks the browser for its position on this origin only.
  "geolocation=(self)",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
].join(", ");

/** Headers every response carries; HSTS only when the public origin is https. */
export function staticSecurityHeaders(publicUrl: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
  };
  if (publicUrl?.startsWith("https:")) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
