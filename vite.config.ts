import { reactRouter } from "@react-router/dev/vite";
import { build, defineConfig, type Plugin } from "vite";
import path from "node:path";
import { precompressDirectory } from "./server/precompress.ts";
import { generatedFiles } from "./app/platform/offline/generated-files.ts";

/** Brotli and gzip files next to every compressible file of the client build (server/static.ts serves them). */
function precompress(): Plugin {
  return {
    name: "portal:precompress",
    apply: "build",
    // After every environment: the server build moves its CSS and other assets into build/client.
    buildApp: {
      order: "post",
      async handler(builder) {
        const client = builder.environments.client;
        if (!client) return;
        const dir = path.resolve(builder.config.root, client.config.build.outDir);
        const started = performance.now();
        const totals = await precompressDirectory(dir);
        const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
        builder.config.logger.info(
          `precompressed ${totals.files} files in ${((performance.now() - started) / 1000).toFixed(1)} s: ${kib(totals.rawBytes)} → br ${kib(totals.brBytes)}, gzip ${kib(totals.gzBytes)}`,
        );
      },
    },
  };
}

const APP = path.resolve(import.meta.dirname, "app");
/** Modules every page loads: the runtime (React, React Router) and what root.tsx and the entry import. */
const VENDOR = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const SHELL = [
  "components/shell-error-boundary.tsx",
  "components/alternate-links.tsx",
  "hooks/use-root-data.ts",
  "i18n/translate.ts",
  "platform/seo/meta.ts",
  "platform/images/image-base.ts",
  "modules/auth/session-status.tsx",
  "platform/build-info/navigation-instrumentation.ts",
].map((file) => path.join(APP, file));
/** The form kit's small parts every form page takes: fields, error lists, the submit row, the server-checked hook (not conform's, which brings zod). */
const FORM_KIT = /[\\/]app[\\/]components[\\/]forms[\\/](error-list|field|fields|submit-row|use-server-checked-form)\.tsx?$/;
const MESSAGE_CODEC = /[\\/]app[\\/]components[\\/]forms[\\/]message-codec\.ts$/;
/** Vite's dynamic-import preloader (the bundler's own runtime helpers are not offered to groups). */
const PRELOAD_HELPER = /vite[\\/]preload-helper/;
/** Chunks every page has loaded before anything imports a chunk dynamically (the entry's own imports). */
const ALWAYS_LOADED = /(?:^|\/)(?:runtime|rolldown-runtime|shell)-[\w-]+\.js$/;

/**
 * Fewer, larger chunks on the first load: every page downloads the runtime and the
 * shell, and each small file gzipped on its own repeats its imports and misses the shared
 * dictionary (about 7 KiB over ~30 files). The runtime stays apart from the app's code so a
 * deployment that changes only the app leaves React and React Router cached.
 */
function firstLoadChunks(): Plugin {
  return {
    name: "portal:first-load-chunks",
    apply: "build",
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        build: {
          // A dynamic import preloads the chunks it needs; the list is written into the chunk
          // that imports, so naming chunks every page already has cost bytes in every first load.
          modulePreload: { resolveDependencies: (_file: string, deps: string[]) => deps.filter((dep) => !ALWAYS_LOADED.test(dep)) },
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: "runtime", test: VENDOR, priority: 2 },
                  { name: "shell", test: (id: string) => SHELL.includes(id) || PRELOAD_HELPER.test(id), priority: 1 },
                  // The form kit's small modules go together: a page with a form takes them all. The
                  // message codec stays apart: pages without a form (an advert's contact box) use it.
                  { name: "message-codec", test: MESSAGE_CODEC, priority: 3 },
                  { name: "forms", test: FORM_KIT, priority: 1 },
                ],
              },
            },
          },
        },
      };
    },
  };
}

/**
 * lucide-react's icons build their component with `../createLucideIcon.mjs` (1.6 KiB gzip with
 * its provider context and builder); both builds take app/components/icons/lucide-lite.ts
 * instead, which writes the same markup (tests/unit/lucide-lite.test.ts): the browser loads
 * less, and the server renders the icons of a page with less work (lucide-react is bundled
 * into the server build for it, see `ssr.noExternal`).
 */
function lucideLite(): Plugin {
  const lite = path.join(APP, "components/icons/lucide-lite.ts");
  return {
    name: "portal:lucide-lite",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "../createLucideIcon.mjs" && importer && /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(importer))
        return lite;
      return null;
    },
  };
}

const SERVICE_WORKER_ENTRY = path.join(APP, "service-worker.ts");
const SERVICE_WORKER_MODULE = "virtual:portal/service-worker";

/**
 * Offline reading and installing (docs/adr/0008-offline-and-installable.md): the service
 * worker bundled on its own into one classic script, whose text the server build imports
 * as `virtual:portal/service-worker` (routes/service-worker serves it with the build id);
 * and the offline pages and web app manifests, one per language, written into the client
 * build from the interface messages (served as they are by the dev server).
 */
function offline(): Plugin {
  const resolvedWorker = `\0${SERVICE_WORKER_MODULE}`;
  return {
    name: "portal:offline",
    resolveId: (id) => (id === SERVICE_WORKER_MODULE ? resolvedWorker : null),
    async load(id) {
      if (id !== resolvedWorker) return null;
      const result = await build({
        configFile: false,
        logLevel: "warn",
        publicDir: false,
        build: { write: false, minify: true, lib: { entry: SERVICE_WORKER_ENTRY, formats: ["iife"], name: "portalServiceWorker" } },
      });
      const [output] = Array.isArray(result) ? result : [result];
      const chunk = output && "output" in output ? output.output[0] : undefined;
      if (!chunk) throw new Error("portal:offline: the service worker build wrote nothing");
      for (const file of chunk.moduleIds) if (!file.startsWith("\0")) this.addWatchFile(file);
      return `export default ${JSON.stringify(chunk.code)};`;
    },
    generateBundle() {
      if (this.environment.name !== "client") return;
      for (const [fileName, source] of Object.entries(generatedFiles())) this.emitFile({ type: "asset", fileName, source });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const source = generatedFiles()[(req.url ?? "/").split("?")[0]!.slice(1)];
        if (source === undefined) return next();
        res.setHeader("Content-Type", req.url!.includes(".html") ? "text/html; charset=utf-8" : "application/manifest+json");
        res.end(source);
      });
    },
  };
}

export default defineConfig({
  plugins: [reactRouter(), precompress(), firstLoadChunks(), lucideLite(), offline()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  // PrimeReact 10 ships directory imports that Node's ESM loader rejects during SSR;
  // lucide-react is bundled so that its icons use lucide-lite (above) on the server too.
  ssr: { noExternal: ["primereact", "lucide-react"] },
  // The dev server listens on $PORT, so its origin is the public origin the app checks form
  // posts against (http://localhost:$PORT unless PUBLIC_URL says otherwise).
  server: { port: Number(process.env.PORT ?? 3000), strictPort: true },
  // `npm run dev`: the browser's dependencies bundled before the first page, not found one by
  // one as pages load (each find reloaded the page, and the first load got Vite's "504
  // Outdated Optimize Dep"); the server's own (reached through .server modules) never.
  optimizeDeps: {
    include: [
      "react",
      "react/jsx-runtime",
      "react/jsx-dev-runtime",
      "react-dom",
      "react-dom/client",
      "react-router",
      "react-router/dom",
      "zod",
      "@conform-to/react",
      "@conform-to/zod/v4",
      "lucide-react",
      "cookie-es",
      "isbot",
      "i18next",
      "remix-i18next",
      "primereact/api",
      "primereact/chart",
      "primereact/editor",
      "quill",
      "@simplewebauthn/browser",
    ],
    exclude: [
      "kysely",
      "pg",
      "sharp",
      "nodemailer",
      "remix-auth",
      "remix-auth-form",
      "sanitize-html",
      "@node-rs/argon2",
      "@aws-sdk/client-s3",
      "@remix-run/form-data-parser",
      "@electric-sql/pglite",
      "pg-boss",
      "@fastify/busboy",
      "fflate",
      "bowser",
      "otplib",
      "qrcode",
      "@simplewebauthn/server",
      // Found by the scanner through the server's entry and logger (a slow scan on a busy machine
      // listed them after the first bundle, and the page reloaded): the browser never loads them.
      "pino",
      "prom-client",
      "react-dom/server",
      "@react-router/node",
    ],
  },
});
