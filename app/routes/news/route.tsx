import type { Route } from "./+types/route";
import { NewsListView } from "~/components/content/news-list-view";
import { publicPageCache } from "~/modules/listing/page-cache.server";
import { feedMeta } from "~/modules/listing/meta";
import { loadNewsList, NEWS_PAGE_DEPS } from "~/modules/news/news-page.server";
import { pageMeta } from "~/modules/seo/meta";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: NEWS_PAGE_DEPS })];

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), ...feedMeta(args.loaderData?.feed)];

export function loader(args: Route.LoaderArgs) {
  return loadNewsList(args);
}

export default function NewsList({ loaderData }: Route.ComponentProps) {
  return <NewsListView data={loaderData} />;
}
