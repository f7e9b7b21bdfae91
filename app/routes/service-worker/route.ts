import source from "virtual:portal/service-worker";
import type { Route } from "./+types/route";
import { getBuildId } from "#app/platform/build-info/build-id.server.ts";
import type { ServiceWorkerConfig } from "#app/platform/offline/sw-core.ts";

/**
 * GET /sw.js: the service worker (app/service-worker.ts, bundled by vite.config.ts). The build
 * id names its caches, so each deployment's worker replaces the last and drops its caches;
 * `no-cache` makes every update check ask the server.
 */
export function loader({ context }: Route.LoaderArgs) {
  const config: ServiceWorkerConfig = { version: getBuildId(context) ?? "dev" };
  return new Response(`var PORTAL_SW = ${JSON.stringify(config)};\n${source}`, {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
