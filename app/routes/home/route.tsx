import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { loadHome } from "#app/modules/home/page.server.ts";
import { HOME_DEPS } from "#app/modules/home/sections.server.ts";
import { publicPageCache } from "#app/platform/page-cache/page-cache.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: HOME_DEPS })];

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export function loader(args: Route.LoaderArgs) {
  return loadHome(args);
}

// Teasers, links and reklama: plain HTML until the browser is idle or the visitor first acts (deferredPage).
export default deferredPage(() => import("./page.tsx"));
