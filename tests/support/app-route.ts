// Like callRoute(), but first runs the root's i18next middleware, as the app would, so
// loaders can read the page language from the context (getPageLanguage(context)).
//
//   const data = await callAppRoute(staticPage.loader, { url: "/us/about", params: { slug: "about" } });
import { i18nextMiddleware } from "#app/middleware/i18next.ts";
import { type RouteCallOptions, routeArgs } from "./route.ts";

export async function callAppRoute<F extends (args: any) => unknown>(
  fn: F | undefined,
  options: RouteCallOptions = {},
): Promise<Awaited<ReturnType<F>>> {
  if (!fn) throw new Error("callAppRoute: the route module has no such loader/action");
  const args = routeArgs(options);
  let result: unknown;
  let thrown: unknown;
  let failed = false;
  await i18nextMiddleware(args, async () => {
    try {
      result = await fn(args);
    } catch (error) {
      failed = true;
      thrown = error;
    }
    return new Response(null);
  });
  if (failed) throw thrown;
  return result as Awaited<ReturnType<F>>;
}

/** The status a loader/action threw, whether as a Response or as `data(null, { status })`. */
export async function thrownStatus(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error.status;
    const status = (error as { init?: ResponseInit | null })?.init?.status;
    if (typeof status === "number") return status;
    throw error;
  }
  throw new Error("Expected the call to throw a response");
}
