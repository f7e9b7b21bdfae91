import type { Route } from "./+types/route";
import { PosterItemPage } from "~/components/content/poster-item-view";
import { publicPageCache } from "~/modules/page-cache/page-cache.server";
import { loadPosterItem, POSTER_PAGE_DEPS } from "~/modules/posters/poster-page.server";
import { pageMeta } from "~/modules/seo/meta";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: POSTER_PAGE_DEPS })];

export const meta: Route.MetaFunction = pageMeta;

export const loader = (args: Route.LoaderArgs) => loadPosterItem(args, args.params.slug);

export default PosterItemPage;
