import { createContext, type RouterContext, type RouterContextProvider } from "react-router";

// The id of the build this server runs: React Router's manifest version, which the browser
// knows as window.__reactRouterManifest.version. The Node server puts it into the load
// context (server/app-server.ts); one context object on globalThis because the server and
// the app bundle load this module separately.
const KEY = Symbol.for("portal.buildIdContext");
type Holder = { [KEY]?: RouterContext<string | null> };

export const buildIdContext: RouterContext<string | null> = ((globalThis as Holder)[KEY] ??= createContext<string | null>(null));

/** Null under the dev server, where builds change on every edit. */
export function getBuildId(context: Readonly<RouterContextProvider>): string | null {
  return context.get(buildIdContext);
}
