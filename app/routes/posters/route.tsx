import type { Route } from "./+types/route";
import { PosterListPage } from "#app/components/content/poster-list-view.tsx";
import { listPageMeta } from "#app/modules/seo/list-meta.ts";
import { publicPageCache } from "#app/modules/page-cache/page-cache.server.ts";
import { loadPosterList, POSTER_PAGE_DEPS } from "#app/modules/posters/poster-page.server.ts";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: POSTER_PAGE_DEPS })];

export const meta: Route.MetaFunction = listPageMeta;

export const loader = (args: Route.LoaderArgs) => loadPosterList(args);

export default PosterListPage;
