import type { Route } from "./+types/route";
import { NewsItemPage } from "~/components/content/news-item-view";
import { publicPageCache } from "~/modules/page-cache/page-cache.server";
import { loadNewsArticle, NEWS_PAGE_DEPS } from "~/modules/news/news-page.server";
import { pageMeta } from "~/modules/seo/meta";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: NEWS_PAGE_DEPS })];

export const meta: Route.MetaFunction = pageMeta;

export const loader = (args: Route.LoaderArgs) => loadNewsArticle(args, args.params.slug);

export default NewsItemPage;
