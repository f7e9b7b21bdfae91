// The service worker's entry: bundled on its own (vite.config.ts, plugin `portal:offline`) and
// served at /sw.js with the build's configuration in front of it (routes/service-worker).
import { installServiceWorker, type ServiceWorkerConfig, type WorkerScope } from "#app/platform/offline/sw-core.ts";
import { installPush, type PushScope } from "#app/platform/offline/sw-push.ts";

declare const PORTAL_SW: ServiceWorkerConfig;
// This module runs as the service worker: its `self` is the worker's scope, not the page's
// window the DOM library types it as. The declaration only retypes it for this module.
declare const self: WorkerScope & PushScope;

installServiceWorker(self, PORTAL_SW);
installPush(self);
