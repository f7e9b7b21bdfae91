// npm run bench:js — client JS of every public page, gzip -9, from the production build.
//
// React Router's server build carries the browser manifest (`assets`): the entry module and,
// per route, its module with every static import. A page's first load is the entry, the route
// chain from the root down to the page (root, the shell layout, the page). Hydration
// takes its messages from the page itself (i18n/translate.ts); the page's language bundle
// follows when the browser is idle, shown in its own column (a dynamic import in the entry
// chunk). Chunks that load when opened (a dialog, the lightbox, the rich editor) are not counted,
// nor the parts app/components/deferred.tsx hydrates once the browser is idle or the visitor
// first acts (the server's HTML stands until then): each page's content, the cookie banner,
// the footer, the toasts and the header's search, theme and language switches (docs/adr/0032).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

/** The most any public page may download before it is interactive (React and React Router alone are 105.6). */
export const PUBLIC_PAGE_BUDGET_KIB = 115;

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  hasDefaultExport?: boolean;
};
type AssetsManifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

export type PageJs = { id: string; path: string; kib: number; files: number; idleKib: number };

/** Layouts whose pages anyone may open: the public shell and the sign-in pages. */
const PUBLIC_LAYOUTS = new Set(["layouts/default", "layouts/varification"]);

export async function loadManifest(buildDir: string): Promise<AssetsManifest> {
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as { assets: AssetsManifest };
  return build.assets;
}

function chain(routes: Record<string, ManifestRoute>, id: string): ManifestRoute[] {
  const result: ManifestRoute[] = [];
  for (let route: ManifestRoute | undefined = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined)
    result.unshift(route);
  return result;
}

function fullPath(routes: ManifestRoute[]): string {
  const joined = routes
    .map((route) => route.path ?? "")
    .filter((part) => part && part !== "us?")
    .join("/");
  return `/${joined}`;
}

/** The language bundle the entry fetches when idle: the Ukrainian one, the default locale's. */
function languageBundle(clientDir: string, entryModule: string): string[] {
  const source = readFileSync(path.join(clientDir, entryModule), "utf8");
  const match = source.match(/import\([`'"]\.\/(uk-[\w-]+\.js)[`'"]\)/);
  if (!match) return [];
  return closure(clientDir, `/assets/${match[1]}`);
}

/** A chunk and everything it imports statically, read from the chunks themselves. */
function closure(clientDir: string, start: string): string[] {
  const seen = new Set<string>();
  const pending = [start];
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(path.join(clientDir, file), "utf8");
    for (const match of source.matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)) pending.push(`/assets/${match[1]}`);
  }
  return [...seen];
}

export async function measurePublicPages(buildDir: string): Promise<PageJs[]> {
  const clientDir = path.join(buildDir, "client");
  const manifest = await loadManifest(buildDir);
  const sizes = new Map<string, number>();
  const gzipped = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) sizes.set(file, (size = gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length));
    return size;
  };
  const always = [manifest.entry.module, ...manifest.entry.imports];
  const idle = languageBundle(clientDir, manifest.entry.module);
  const pages: PageJs[] = [];
  for (const route of Object.values(manifest.routes)) {
    const routes = chain(manifest.routes, route.id);
    if (!route.hasDefaultExport || PUBLIC_LAYOUTS.has(route.id) || !routes.some((r) => PUBLIC_LAYOUTS.has(r.id))) continue;
    const files = new Set(always);
    for (const r of routes) for (const file of [r.module, ...(r.imports ?? [])]) files.add(file);
    const bytes = [...files].reduce((sum, file) => sum + gzipped(file), 0);
    const idleBytes = idle.filter((file) => !files.has(file)).reduce((sum, file) => sum + gzipped(file), 0);
    pages.push({ id: route.id, path: fullPath(routes), kib: bytes / 1024, files: files.size, idleKib: idleBytes / 1024 });
  }
  return pages.sort((a, b) => b.kib - a.kib);
}

export function formatTable(pages: PageJs[]): string {
  return [
    `${"page".padEnd(36)} ${"route".padEnd(36)} ${"KiB".padStart(7)} files ${"+idle".padStart(6)}`,
    ...pages.map(
      (page) =>
        `${page.path.padEnd(36)} ${page.id.padEnd(36)} ${page.kib.toFixed(1).padStart(7)} ${String(page.files).padStart(5)} ${page.idleKib.toFixed(1).padStart(6)}${page.kib > PUBLIC_PAGE_BUDGET_KIB ? "  over budget" : ""}`,
    ),
  ].join("\n");
}

if (import.meta.main) {
  const buildDir = path.resolve(import.meta.dirname, "../build");
  if (!existsSync(path.join(buildDir, "server/index.js"))) {
    console.error("no production build: run `npm run build` first");
    process.exit(1);
  }
  const pages = await measurePublicPages(buildDir);
  console.log(`client JS of public pages (gzip -9, first load; budget ${PUBLIC_PAGE_BUDGET_KIB} KiB):\n${formatTable(pages)}`);
  if (pages.some((page) => page.kib > PUBLIC_PAGE_BUDGET_KIB)) process.exitCode = 1;
}
