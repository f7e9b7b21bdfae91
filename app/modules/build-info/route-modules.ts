import { matchRoutes, type DataRouteObject } from "react-router";

// The browser side of React Router's build: which route modules a path needs, and which
// of them this page has not loaded yet. Read from the globals HydratedRouter sets up.

declare global {
  interface Window {
    __reactRouterDataRouter?: { routes: DataRouteObject[]; basename?: string };
    __reactRouterRouteModules?: Record<string, unknown>;
  }
}

export type ManifestRoute = { id: string; module: string; imports?: string[] };

/** The route modules `pathname` needs that are not loaded yet (none when unknown). */
export function unloadedRoutesFor(pathname: string): ManifestRoute[] {
  if (typeof window === "undefined") return [];
  const router = window.__reactRouterDataRouter;
  const routes = (window.__reactRouterManifest as { routes?: Record<string, ManifestRoute> } | undefined)?.routes;
  const loaded = window.__reactRouterRouteModules;
  if (!router || !routes || !loaded) return [];
  const matches = matchRoutes(router.routes, pathname, router.basename) ?? [];
  return matches
    .map((match) => routes[match.route.id])
    .filter((route): route is ManifestRoute => route !== undefined && !(route.id in loaded));
}
