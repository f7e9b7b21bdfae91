// The service worker's entry: bundled on its own (vite.config.ts, plugin `portal:offline`) and
// served at /sw.js with the build's configuration in front of it (routes/service-worker).
import { installServiceWorker, type ServiceWorkerConfig, type WorkerScope } from "#app/modules/offline/sw-core.ts";

declare const PORTAL_SW: ServiceWorkerConfig;

installServiceWorker(self as unknown as WorkerScope, PORTAL_SW);
