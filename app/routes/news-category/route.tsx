import type { Route } from "./+types/route";
import { NewsListPage } from "#app/components/content/news-list-view.tsx";
import { listPageMeta } from "#app/modules/seo/list-meta.ts";
import { publicPageCache } from "#app/modules/page-cache/page-cache.server.ts";
import { loadNewsList, NEWS_PAGE_DEPS } from "#app/modules/news/news-page.server.ts";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: NEWS_PAGE_DEPS })];

export const meta: Route.MetaFunction = listPageMeta;

export const loader = (args: Route.LoaderArgs) => loadNewsList(args, args.params.slug);

export default NewsListPage;
