import { RouterContextProvider } from "react-router";
import type { Database } from "#db/connection.ts";
import { buildIdContext } from "#app/modules/build-info/build-id.server.ts";
import { configContext, getConfig, setConfig, type AppConfig } from "#app/modules/config/config.server.ts";
import { databaseContext, getDatabase, hasDatabase, registerDatabase } from "#app/modules/db/db.server.ts";
import { clientAddressContext } from "#app/modules/http/client-address.server.ts";
import { getImageStore, imageStoreContext, setImageStore, type ImageStore } from "#app/modules/images/storage.server.ts";
import { setImageBaseUrl } from "#app/modules/images/urls.ts";
import { contentStateContext, createContentState, processContentState, setContentState, type ContentStatePoller } from "#app/modules/page-cache/content-state.server.ts";

// What every request needs from the process, made once at start (server/main.ts, scripts/dev.ts)
// and handed to each request in React Router's context (docs/adr/0011-request-context-and-packages.md).
// The server reaches these functions through the built app's entry (app/entry.server.tsx), so
// the contexts it sets are the ones loaders read: one copy of every module.

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

/**
 * Makes `services` the process's own: what work outside a request reads (the job queue, the
 * alert loop) and what code not yet handed a context falls back to (getDb() without one).
 */
export function provideServices(services: AppServices): void {
  if (provided === services) return;
  provided = services;
  registerDatabase(services.database);
  setConfig(services.config);
  setImageStore(services.imageStore);
  setImageBaseUrl(services.config.storage.kind === "s3" ? services.config.storage.publicUrl : undefined);
  setContentState(services.contentState);
}

/** Puts the services into a context (a request's, or a test's). */
function withServices(context: RouterContextProvider, services: AppServices): RouterContextProvider {
  context.set(databaseContext, services.database);
  context.set(configContext, services.config);
  context.set(imageStoreContext, services.imageStore);
  context.set(contentStateContext, services.contentState);
  return context;
}

/**
 * A context made outside a request (a test calling a loader, a script) with what the process
 * has: the registered database when there is one, the config, the image store, the poller.
 */
export function withProcessServices(context: RouterContextProvider): RouterContextProvider {
  if (provided) return withServices(context, provided);
  if (hasDatabase()) context.set(databaseContext, getDatabase());
  context.set(configContext, getConfig());
  context.set(imageStoreContext, getImageStore());
  context.set(contentStateContext, processContentState());
  return context;
}

/**
 * One request's load context: the services, the running build's id, the client's address.
 * `context`: a provider of the request handler's own copy of React Router (the dev server's
 * handler and the app it loads through Vite resolve React Router to different files).
 */
export function createLoadContext(
  services: AppServices,
  request: { buildId: string | null; clientAddress: string },
  context: RouterContextProvider = new RouterContextProvider(),
): RouterContextProvider {
  // Again on every request: under the dev server an edit reloads these modules, and with them
  // what was provided.
  provideServices(services);
  withServices(context, services);
  context.set(buildIdContext, request.buildId);
  context.set(clientAddressContext, request.clientAddress);
  return context;
}
