import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import path from "node:path";
import { precompressDirectory } from "./server/precompress.ts";

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

export default defineConfig({
  plugins: [reactRouter(), precompress()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  // PrimeReact 10 ships directory imports that Node's ESM loader rejects during SSR.
  ssr: { noExternal: ["primereact"] },
  // The dev server listens on $PORT, so its origin is the public origin the app checks form
  // posts against (http://localhost:$PORT unless PUBLIC_URL says otherwise).
  server: { port: Number(process.env.PORT ?? 3000), strictPort: true },
});
