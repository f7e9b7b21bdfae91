import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import os from "node:os";
import path from "node:path";

// Separate from vite.config.ts: the reactRouter() plugin must not run under Vitest.
// The production build bundles the service worker and hands its text to the server as a
// virtual module (vite.config.ts, `offline`). Route modules are loaded under Vitest too (every
// action is fuzzed), so the id must resolve; the worker's own logic is tested from its source
// (tests/unit/offline-service-worker.test.ts).
const serviceWorkerText: Plugin = {
  name: "portal:service-worker-text",
  resolveId: (id) => (id === "virtual:portal/service-worker" ? "\0virtual:portal/service-worker" : null),
  load: (id) =>
    id === "\0virtual:portal/service-worker" ? `export default "/* the service worker is bundled by the production build */";` : null,
};

export default defineConfig({
  plugins: [serviceWorkerText],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/unit/**/*.test.tsx"],
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default on 2 cores is ONE worker: the files ran one after another while a
    // file waited on PostgreSQL or a child process. One per core keeps the cores busy.
    maxWorkers: Math.max(2, os.availableParallelism()),
  },
});
