import type { ServerBuild } from "react-router";
import type * as Entry from "#app/entry.server.tsx";

/** What the server takes from the built app's entry (app/entry.server.tsx): the build's own copies of the app's modules. */
export type AppEntry = Pick<
  typeof Entry,
  "createServices" | "provideServices" | "createLoadContext" | "runBeforeDatabaseClose" | "listenForContentChanges" | "startJobWorker"
>;

export function appEntry(build: ServerBuild): AppEntry {
  const entry = build.entry.module as Partial<AppEntry>;
  if (typeof entry.createLoadContext !== "function")
    throw new Error("The app build's entry does not export createLoadContext: rebuild the app (npm run build)");
  return entry as AppEntry;
}
