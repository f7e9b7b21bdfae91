// The app's HTTP server for a test, listening on a free port of 127.0.0.1, quiet, with the
// client folder standing in for uploads too.
//
//   const app = await listenAppServer({ build, database: t.database, clientDir: client.path, connections });
//   ...; app.stop();
import type { AddressInfo } from "node:net";
import { createAppServer } from "../../server/app-server.ts";

type AppServerOptions = Parameters<typeof createAppServer>[0];

export async function listenAppServer(options: Pick<AppServerOptions, "build" | "database" | "clientDir"> & Partial<AppServerOptions>) {
  const created = createAppServer({ uploadsDir: options.clientDir, log: () => {}, origin: "http://localhost:3000", ...options });
  await new Promise<void>((resolve) => created.server.listen(0, "127.0.0.1", resolve));
  const port = (created.server.address() as AddressInfo).port;
  const stop = () => {
    created.server.closeAllConnections();
    created.server.close();
  };
  return { ...created, port, stop };
}
