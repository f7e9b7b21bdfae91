import type { Route } from "./+types/route";
import { NEWS_FEED_DEPS, newsFeed } from "~/modules/feeds/feed-page.server";
import { publicPageCache } from "~/modules/page-cache/page-cache.server";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: NEWS_FEED_DEPS, sharedMaxAgeSeconds: 600 })];

export function loader(args: Route.LoaderArgs) {
  return newsFeed(args);
}
