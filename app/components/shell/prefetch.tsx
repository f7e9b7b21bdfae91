import { useEffect } from "react";
import { useLocation } from "react-router";
import { checkForNewBuild } from "#app/platform/build-info/new-build.ts";
import { loadNavigationGuard } from "#app/platform/build-info/navigation-instrumentation.ts";
import { unloadedRoutesFor, type ManifestRoute } from "#app/platform/build-info/route-modules.ts";
import { createTaskQueue, MAX_PRELOAD_TASKS, PREFETCH_DELAY_MS, prefetchAllowed, type ConnectionInfo } from "./prefetch-queue.ts";

// Likely next pages: the header's sections and the links that scroll into view. Their route
// modules are preloaded (code only: loaders may count views and their data ages quickly).
// The navigation guard's code comes now too (not with save-data), so the first client navigation need not fetch it.

const queue = createTaskQueue(MAX_PRELOAD_TASKS);
const queued = new Set<string>();

function preloadModule(href: string): Promise<void> {
  if (document.head.querySelector(`link[rel="modulepreload"][href="${CSS.escape(href)}"]`)) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => {
      // A chunk that is gone means a new deployment: find out now, not at the next poll.
      void checkForNewBuild();
      resolve();
    };
    document.head.append(link);
  });
}

function preloadRoute(route: ManifestRoute): Promise<void> {
  return Promise.all([route.module, ...(route.imports ?? [])].map(preloadModule)).then(() => undefined);
}

/** Lets the browser run what waits (input, paint) before the next piece of background work. */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * One link per task (each call waits its turn): the header's links and the first links in
 * view, considered at once, were a long task on a phone right as the page became usable
 * (docs/adr/0025-consent-and-analytics.md, "Prefetch").
 */
async function consider(anchor: HTMLAnchorElement) {
  await yieldToMain();
  if (!anchor.isConnected || anchor.target || anchor.hasAttribute("download") || anchor.dataset.noPrefetch !== undefined) return;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
  for (const route of unloadedRoutesFor(url.pathname)) {
    if (queued.has(route.id)) continue;
    queued.add(route.id);
    void queue.run(() => preloadRoute(route));
  }
}

export default function Prefetcher() {
  const { pathname } = useLocation();
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: ConnectionInfo }).connection;
    // Save-data fetches nothing ahead: the guard then comes with the first client navigation.
    if (prefetchAllowed(connection)) void loadNavigationGuard();
  }, []);
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: ConnectionInfo }).connection;
    if (!prefetchAllowed(connection)) return;
    let observer: IntersectionObserver | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      document.querySelectorAll<HTMLAnchorElement>(".site-header nav a[href]").forEach((anchor) => void consider(anchor));
      observer = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer?.unobserve(entry.target);
          void consider(entry.target as HTMLAnchorElement);
        }
      });
      document.querySelectorAll<HTMLAnchorElement>("main a[href]").forEach((anchor) => observer!.observe(anchor));
    };
    const afterLoad = () => {
      timer = setTimeout(start, PREFETCH_DELAY_MS);
    };
    if (document.readyState === "complete") afterLoad();
    else window.addEventListener("load", afterLoad, { once: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener("load", afterLoad);
      observer?.disconnect();
    };
  }, [pathname]);
  return null;
}
