import type { DataRouteMatch } from "react-router";

// The browser side of React Router's build: which route modules a path needs, and which
// of them this page has not loaded yet. Read from the globals HydratedRouter sets up.

declare global {
  interface Window {
    /** The router's own matcher keeps the ranked route branches (a private member, hence optional). */
    __reactRouterDataRouter?: { match?: (pathname: string) => DataRouteMatch[] | null };
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
  if (typeof router?.match !== "function" || !routes || !loaded) return [];
  // Not `matchRoutes(router.routes, …)`: that flattens and ranks every route again on each
  // call, and the prefetcher asks for each link in view (docs/adr/0025-consent-and-analytics.md, "Prefetch").
  const matches = router.match(pathname) ?? [];
  return matches
    .map((match) => routes[match.route.id])
    .filter((route): route is ManifestRoute => route !== undefined && !(route.id in loaded));
}
