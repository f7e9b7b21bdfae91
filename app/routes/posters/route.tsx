import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { listPageMeta } from "#app/platform/seo/list-meta.ts";
import { publicPageCache } from "#app/platform/page-cache/page-cache.server.ts";
import { loadPosterList, POSTER_PAGE_DEPS } from "#app/modules/posters/poster-page.server.ts";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: POSTER_PAGE_DEPS })];

export const meta: Route.MetaFunction = listPageMeta;

export const loader = (args: Route.LoaderArgs) => loadPosterList(args);

export default deferredPage(() => import("#app/components/content/poster-list-view.tsx"));
