import type { Route } from "./+types/route";
import { NewsListPage } from "~/components/content/news-list-view";
import { listPageMeta } from "~/modules/seo/list-meta";
import { publicPageCache } from "~/modules/page-cache/page-cache.server";
import { loadNewsList, NEWS_PAGE_DEPS } from "~/modules/news/news-page.server";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: NEWS_PAGE_DEPS })];

export const meta: Route.MetaFunction = listPageMeta;

export const loader = (args: Route.LoaderArgs) => loadNewsList(args);

export default NewsListPage;
