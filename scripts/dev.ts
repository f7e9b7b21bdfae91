// `npm run dev`: the Vite dev server with hot reload, on the same database, config and
// uploads as `npm start` (PORT, DATA_DIR, DATABASE_URL...). React Router's own `react-router
// dev` knows nothing of our database: every page answered 500. Here the database is opened,
// migrated (and an empty embedded one seeded) first, in the process that renders the pages.
import path from "node:path";
import { createServer, type Plugin } from "vite";
import { loadConfig, setConfig, type AppConfig } from "../app/modules/config/config.server.ts";
import { registerDatabase } from "../app/modules/db/db.server.ts";
import { ensureShareImage, prepareDatabase, printReadyNotes, startupFailure, useImageStorage } from "../server/startup.ts";
import { serveStatic } from "../server/static.ts";

const root = path.resolve(import.meta.dirname, "..");
const log = (line: string) => console.log(line);
// For the failure's one line: the configuration once read, and whether the port was being opened.
let loaded: AppConfig | undefined;
let listening = false;

try {
  const config = loadConfig();
  loaded = config;
  setConfig(config);
  const images = useImageStorage(config);
  const database = await prepareDatabase(config, log);
  registerDatabase(database);
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
  const server = await createServer({
    root,
    configFile: path.join(root, "vite.config.ts"),
    plugins: [uploads],
    server: { port: config.port, strictPort: true, host: process.env.HOST ? config.host : undefined },
  });
  listening = true;
  await server.listen();
  server.printUrls();
  printReadyNotes(config, log);
  server.bindCLIShortcuts({ print: true });
  const stop = async () => {
    await server.close();
    await database.close();
    process.exit(0);
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void stop());
} catch (error) {
  console.error(startupFailure(error, loaded, listening) ?? error);
  process.exit(1);
}
