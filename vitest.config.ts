import { defineConfig } from "vitest/config";
import os from "node:os";
import path from "node:path";

// Separate from vite.config.ts: the reactRouter() plugin must not run under Vitest.
export default defineConfig({
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
