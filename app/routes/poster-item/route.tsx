import type { Route } from "./+types/route";
import { PosterItemPage } from "#app/components/content/poster-item-view.tsx";
import { publicPageCache } from "#app/modules/page-cache/page-cache.server.ts";
import { loadPosterItem, POSTER_PAGE_DEPS } from "#app/modules/posters/poster-page.server.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: POSTER_PAGE_DEPS })];

export const meta: Route.MetaFunction = pageMeta;

export const loader = (args: Route.LoaderArgs) => loadPosterItem(args, args.params.slug);

export default PosterItemPage;
