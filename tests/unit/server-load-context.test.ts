// What the app sees of a request served by server/app-server.ts (@react-router/node's listener):
// a URL on the public origin whatever Host or forwarding headers a client sent, and the
// services of the start registered by the built app's createLoadContext, and the request's own
// values in its context.
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppServer } from "../../server/app-server.ts";
import { createLoadContext, createServices } from "#app/platform/app-context/app-context.server.ts";
import { getBuildId } from "#app/platform/build-info/build-id.server.ts";
import { getConfig, loadConfig } from "#app/platform/config/config.server.ts";
import { getDatabase } from "#app/platform/db/db.server.ts";
import { getClientAddress } from "#app/platform/http/client-address.server.ts";
import { getImageStore, imageStoreFor } from "#app/platform/images/storage.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { loaderOnlyBuild } from "../support/loader-build.ts";

const t = useTestDatabase();
let clientDir: string;
beforeAll(() => void (clientDir = mkdtempSync(path.join(os.tmpdir(), "portal-load-context-"))));
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

/** A build with one page that answers what its loader read from the request and the context. */
function echoBuild(): ServerBuild {
  const loader = ({ request, context }: { request: Request; context: Parameters<typeof getClientAddress>[0] }) =>
    Response.json({
      url: request.url,
      origin: getConfig().origin,
      database: getDatabase() === t.database,
      images: getImageStore().description,
      client: getClientAddress(context),
      build: getBuildId(context),
    });
  return loaderOnlyBuild(loader, { clientDir, version: "build-7" });
}

describe("the load context", () => {
  for (const origin of ["https://portal.example", "http://localhost:3000"]) {
    it(`carries the services of the start, and the request's URL is on ${origin}`, async () => {
      const config = loadConfig({ NODE_ENV: "test", DATA_DIR: clientDir, SESSION_SECRET: "s".repeat(40), PUBLIC_URL: origin });
      const services = createServices({
        database: t.database,
        config,
        imageStore: imageStoreFor({ kind: "local" }, path.join(clientDir, "uploads")),
      });
      const { server } = createAppServer({
        build: echoBuild(),
        database: t.database,
        clientDir,
        uploadsDir: clientDir,
        log: () => {},
        origin,
        loadContext: (request) => createLoadContext(services, request),
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      try {
        const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        const response = await fetch(`${base}/novyny?page=2`, {
          headers: {
            Host: "evil.example",
            "X-Forwarded-Host": "evil.example",
            "X-Forwarded-Proto": "https",
            Forwarded: "host=evil.example;proto=https",
          },
        });
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({
          url: `${origin}/novyny?page=2`,
          origin,
          database: true,
          images: path.join(clientDir, "uploads"),
          client: "127.0.0.1",
          build: "build-7",
        });
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });
  }
});
