import type { KnipConfig } from "knip";

// Unused files, exports and dependencies (`npm run lint:unused`, part of `npm run lint`).
// Knip's React Router plugin reads react-router.config.ts and app/routes.ts: root, the
// entries and every route module are entries with their framework exports (loader, meta…);
// package.json's scripts name scripts/serve.ts (the server with the demo seed). The route modules import their types from
// .react-router/types (tsconfig rootDirs): `npm run lint:unused` runs typegen first.
const config: KnipConfig = {
  entry: [
    // The service worker: bundled on its own by vite.config.ts (plugin `portal:offline`).
    "app/service-worker.ts",
    "scripts/*.ts",
    "bench/*.ts",
    // The bench's floor: a minimal React Router app of its own, built by bench/run.ts.
    "bench/floor/*.ts",
    "bench/floor/app/**/*.{ts,tsx}",
    "tests/**/*.{ts,tsx}",
    "migrations/*.ts",
    "db/*.ts",
  ],
  project: ["{app,server,scripts,bench,tests,migrations,db}/**/*.{ts,tsx}"],
  ignoreDependencies: [
    // Loaded by PrimeReact's Chart (`import("chart.js/auto")`).
    "chart.js",
    // Loaded through createRequire (bench/run.ts, tests/support/s3-server.ts) or by path (vnu.jar).
    "autocannon",
    "s3rver",
    "vnu-jar",
  ],
  // System programs the e2e tools script and the Lighthouse bench call.
  ignoreBinaries: ["apt-get", "java"],
};

export default config;
