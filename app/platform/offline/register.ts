import type { WarmMessage } from "./sw-core.ts";

/**
 * Registers the service worker (entry.client.tsx calls it once the page has loaded). When a
 * worker takes control of this page (the first visit, or a new build's worker), it is told
 * what the page loaded before: the page itself, its assets and images are then kept for
 * offline reading too.
 */
export function registerServiceWorker(): void {
  const { serviceWorker } = navigator;
  serviceWorker.addEventListener("controllerchange", () => {
    const message: WarmMessage = {
      type: "warm",
      page: location.href,
      resources: performance.getEntriesByType("resource").map((entry) => entry.name),
    };
    serviceWorker.controller?.postMessage(message);
  });
  // A failed registration (private mode, storage turned off) leaves the site as it was.
  serviceWorker.register("/sw.js").catch(() => undefined);
}
