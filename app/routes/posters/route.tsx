import type { Route } from "./+types/route";
import { PosterListPage } from "~/components/content/poster-list-view";
import { listPageMeta } from "~/modules/seo/list-meta";
import { publicPageCache } from "~/modules/page-cache/page-cache.server";
import { loadPosterList, POSTER_PAGE_DEPS } from "~/modules/posters/poster-page.server";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: POSTER_PAGE_DEPS })];

export const meta: Route.MetaFunction = listPageMeta;

export const loader = (args: Route.LoaderArgs) => loadPosterList(args);

export default PosterListPage;
