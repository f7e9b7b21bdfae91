import type { ServerBuild } from "react-router";

/**
 * A React Router build with one catch-all route whose loader answers every request: enough for
 * tests of the server around the app (admission, the load context) without building the app.
 */
export function loaderOnlyBuild(loader: (...args: never[]) => unknown, { clientDir, version = "test" }: { clientDir: string; version?: string }): ServerBuild {
  return {
    entry: { module: { default: () => new Response("no documents here", { status: 500 }) } },
    routes: { root: { id: "root", path: "", module: {} }, page: { id: "page", parentId: "root", path: "*", module: { loader } } },
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "/manifest.js", version },
    publicPath: "/",
    assetsBuildDirectory: clientDir,
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}
