import type { Route } from "./+types/route";
import { PosterListPage } from "~/components/content/poster-list-view";
import { listPageMeta } from "~/modules/listing/meta";
import { publicPageCache } from "~/modules/listing/page-cache.server";
import { loadPosterList, POSTER_PAGE_DEPS } from "~/modules/posters/poster-page.server";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: POSTER_PAGE_DEPS })];

export const meta: Route.MetaFunction = listPageMeta;

export const loader = (args: Route.LoaderArgs) => loadPosterList(args, args.params.slug);

export default PosterListPage;
