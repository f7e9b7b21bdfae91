import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { publicPageCache } from "#app/platform/page-cache/page-cache.server.ts";
import { loadNewsArticle, NEWS_ITEM_DEPS } from "#app/modules/news/news-page.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: NEWS_ITEM_DEPS })];

export const meta: Route.MetaFunction = pageMeta;

export const loader = (args: Route.LoaderArgs) => loadNewsArticle(args, args.params.slug);

export default deferredPage(() => import("#app/components/content/news-item-view.tsx"));
