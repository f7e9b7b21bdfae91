import { createContext, type RouterContextProvider } from "react-router";

// The id of the build this server runs: React Router's manifest version, which the browser
// knows as window.__reactRouterManifest.version. The Node server puts it into the load
// context (app-context.server.ts).
export const buildIdContext = createContext<string | null>(null);

/** Null under the dev server, where builds change on every edit. */
export function getBuildId(context: Readonly<RouterContextProvider>): string | null {
  return context.get(buildIdContext);
}
