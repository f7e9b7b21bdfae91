import type { Route } from "./+types/route";
import { POSTER_FEED_DEPS, postersFeed } from "~/modules/feeds/feed-page.server";
import { publicPageCache } from "~/modules/page-cache/page-cache.server";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: POSTER_FEED_DEPS, sharedMaxAgeSeconds: 600 })];

export function loader(args: Route.LoaderArgs) {
  return postersFeed(args);
}
