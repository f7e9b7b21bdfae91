import type { WarmMessage } from "./sw-core";

/**
 * Registers the service worker once the page has loaded, so it takes nothing from the first
 * paint. When a worker takes control of this page (the first visit, or a new build's worker),
 * it is told what the page loaded before: the page itself and its assets and images are then
 * kept for offline reading too.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const { serviceWorker } = navigator;
  const start = () => {
    serviceWorker.addEventListener("controllerchange", () => {
      const message: WarmMessage = { type: "warm", page: location.href, resources: performance.getEntriesByType("resource").map((entry) => entry.name) };
      serviceWorker.controller?.postMessage(message);
    });
    // A failed registration (private mode, storage off) leaves the site as it was.
    serviceWorker.register("/sw.js").catch(() => undefined);
  };
  if (document.readyState === "complete") start();
  else addEventListener("load", start, { once: true });
}
