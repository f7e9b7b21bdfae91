// `npm run dev`: the Vite dev server with hot reload, on the same database, config and
// uploads as `npm start` (PORT, DATA_DIR, DATABASE_URL...). React Router's own `react-router
// dev` knows nothing of our database: every page answered 500. Here the database is opened,
// migrated (and an empty embedded one seeded) first, in the process that renders the pages,
// and handed to every request in its context, as server/main.ts does: Vite runs in middleware
// mode and @react-router/node's listener renders the pages with the app's own entry
// (createLoadContext), loaded through Vite like the rest of the app.
import http from "node:http";
import path from "node:path";
import { createRequestListener } from "@react-router/node";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { createServer, type Plugin } from "vite";
import { loadConfig, type AppConfig } from "#app/platform/config/config.server.ts";
import { appEntry } from "../server/app-entry.ts";
import { ensureShareImage, openImageStorage, prepareDatabase, printReadyNotes, startupFailure } from "../server/startup.ts";
import { serveStatic } from "../server/static.ts";
import { seedOnFirstStart } from "./seed/on-start.ts";

const root = path.resolve(import.meta.dirname, "..");
const log = (line: string) => console.log(line);
// For the failure's one line: the configuration once read, and whether the port was being opened.
let loaded: AppConfig | undefined;
let listening = false;

try {
  const config = loadConfig();
  loaded = config;
  const images = openImageStorage(config);
  const database = await prepareDatabase(config, log, seedOnFirstStart);
  await ensureShareImage(images, "Diaspora");

  // Uploaded images are served by server/app-server.ts in production; Vite does not know them.
  const uploads: Plugin = {
    name: "portal:dev-uploads",
    configureServer(server) {
      const mounts = [{ prefix: "/uploads/", root: config.paths.uploads, cacheControl: () => "no-cache" }];
      server.middlewares.use((req, res, next) => {
        serveStatic(req, res, mounts).then((served) => served || next(), next);
      });
    },
  };
  const httpServer = http.createServer();
  const server = await createServer({
    root,
    configFile: path.join(root, "vite.config.ts"),
    plugins: [uploads],
    appType: "custom",
    server: { middlewareMode: true, ws: { server: httpServer } },
  });
  const runner = server.environments.ssr;
  if (!("runner" in runner)) throw new Error("Vite's ssr environment cannot run modules");
  const load = async () =>
    (await (runner as unknown as { runner: { import(id: string): Promise<unknown> } }).runner.import(
      "virtual:react-router/server-build",
    )) as ServerBuild;
  // Made with the first request's copy of the app's modules; an edit reloads them, and
  // createLoadContext provides the same services to the new copy.
  let services: unknown;
  const handle = createRequestListener({
    build: load,
    mode: "development",
    getLoadContext: async (_request, client) => {
      const entry = appEntry(await load());
      services ??= entry.createServices({ database, config, imageStore: images });
      const context = new RouterContextProvider();
      return entry.createLoadContext(
        services as Parameters<typeof entry.createLoadContext>[0],
        { buildId: null, clientAddress: client.address },
        context,
      );
    },
  });
  httpServer.on("request", (req, res) => {
    server.middlewares(req, res, () => void handle(req, res));
  });
  listening = true;
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(config.port, process.env.HOST ? config.host : "localhost", resolve);
  });
  log(`  ➜  Local:   http://localhost:${config.port}/`);
  printReadyNotes(config, log);
  const stop = async () => {
    await server.close();
    httpServer.close();
    await database.close();
    process.exit(0);
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void stop());
} catch (error) {
  console.error(startupFailure(error, loaded, listening) ?? error);
  process.exit(1);
}
