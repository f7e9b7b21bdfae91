import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { publicPageCache } from "#app/platform/page-cache/page-cache.server.ts";
import { loadReklamaLanding, REKLAMA_PAGE_DEPS } from "#app/modules/reklama/reklama-page.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: REKLAMA_PAGE_DEPS })];

export const meta: Route.MetaFunction = pageMeta;

export const loader = (args: Route.LoaderArgs) => loadReklamaLanding(args, args.params.slug);

// A landing page of links: plain HTML until the browser is idle or the visitor first acts (deferredPage).
export default deferredPage(() => import("./page.tsx"));
