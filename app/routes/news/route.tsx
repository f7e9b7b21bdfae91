import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { listPageMeta } from "#app/platform/seo/list-meta.ts";
import { publicPageCache } from "#app/platform/page-cache/page-cache.server.ts";
import { loadNewsList, NEWS_PAGE_DEPS } from "#app/modules/news/news-page.server.ts";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: NEWS_PAGE_DEPS })];

export const meta: Route.MetaFunction = listPageMeta;

export const loader = (args: Route.LoaderArgs) => loadNewsList(args);

export default deferredPage(() => import("#app/components/content/news-list-view.tsx"));
