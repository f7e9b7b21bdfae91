import { RouterContextProvider } from "react-router";
import type { Database } from "#db/connection.ts";
import { buildIdContext } from "#app/platform/build-info/build-id.server.ts";
import { setConfig, type AppConfig } from "#app/platform/config/config.server.ts";
import { registerDatabase } from "#app/platform/db/db.server.ts";
import { clientAddressContext } from "#app/platform/http/client-address.server.ts";
import { setImageStore, type ImageStore } from "#app/platform/images/storage.server.ts";
import { setImageBaseUrl } from "#app/platform/images/image-base.ts";
import { createContentState, setContentState, type ContentStatePoller } from "#app/platform/page-cache/content-state.server.ts";

// The process's services, made once at start (server/main.ts, scripts/dev.ts) and registered
// as the process's own: every loader, action, job and script reads them one way, through
// getDb(), getConfig(), getImageStore() and the content-state functions. A request's context
// carries only what differs per request (the build id, the client's address)
// (docs/adr/0038-one-way-to-services.md). The server reaches these functions through the built
// app's entry (app/entry.server.tsx): one copy of every module.

export type AppServices = {
  database: Database;
  config: AppConfig;
  imageStore: ImageStore;
  contentState: ContentStatePoller;
};

/** The process's services from what start-up opened; the content-state poller is made here. */
export function createServices({ database, config, imageStore }: Omit<AppServices, "contentState">): AppServices {
  return { database, config, imageStore, contentState: createContentState({ db: () => database.db, pollMs: () => config.contentPollMs }) };
}

let provided: AppServices | undefined;

/** Registers `services` as the process's own. */
export function provideServices(services: AppServices): void {
  if (provided === services) return;
  provided = services;
  registerDatabase(services.database);
  setConfig(services.config);
  setImageStore(services.imageStore);
  setImageBaseUrl(services.config.storage.kind === "s3" ? services.config.storage.publicUrl : undefined);
  setContentState(services.contentState);
}

/**
 * One request's load context: the running build's id and the client's address.
 * `context`: a provider of the request handler's own copy of React Router (the dev server's
 * handler and the app it loads through Vite resolve React Router to different files).
 */
export function createLoadContext(
  services: AppServices,
  request: { buildId: string | null; clientAddress: string },
  context: RouterContextProvider = new RouterContextProvider(),
): RouterContextProvider {
  // Again on every request (a no-op once done): under the dev server an edit reloads these
  // modules, and with them what was registered.
  provideServices(services);
  context.set(buildIdContext, request.buildId);
  context.set(clientAddressContext, request.clientAddress);
  return context;
}
