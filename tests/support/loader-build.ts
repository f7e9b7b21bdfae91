import type { ServerBuild } from "react-router";

type TestBuild = {
  /** The document renderer (the routes' HTML); tests that never ask for one answer 500. */
  document: (request: Request, status: number, headers: Headers) => Response;
  /** The root route's module (its middleware...). */
  root?: object;
  /** The routes below the root, by id. */
  routes: Record<string, { path: string; module: object }>;
  clientDir: string;
  version?: string;
};

/** A React Router build from route modules, without building the app. */
export function testBuild({ document, root = {}, routes, clientDir, version = "test" }: TestBuild): ServerBuild {
  return {
    entry: { module: { default: document } },
    routes: {
      root: { id: "root", path: "", module: root },
      ...Object.fromEntries(
        Object.entries(routes).map(([id, route]) => [id, { id, parentId: "root", path: route.path, module: route.module }]),
      ),
    },
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "/manifest.js", version },
    publicPath: "/",
    assetsBuildDirectory: clientDir,
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    // A build has many more members (the server's entry module, its manifest...) that the request
    // handler does not read for these requests; the tests do not build them.
  } as unknown as ServerBuild;
}

/**
 * A React Router build with one catch-all route whose loader answers every request: enough for
 * tests of the server around the app (admission, the load context) without building the app.
 */
export function loaderOnlyBuild(
  loader: (...args: never[]) => unknown,
  { clientDir, version = "test" }: { clientDir: string; version?: string },
): ServerBuild {
  return testBuild({
    document: () => new Response("no documents here", { status: 500 }),
    routes: { page: { path: "*", module: { loader } } },
    clientDir,
    version,
  });
}
