import type { Route } from "./+types/route";
import { GUIDE_FEED_DEPS, guidesFeed } from "#app/modules/feeds/feed-page.server.ts";
import { publicPageCache } from "#app/platform/page-cache/page-cache.server.ts";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: GUIDE_FEED_DEPS, sharedMaxAgeSeconds: 600 })];

export function loader(args: Route.LoaderArgs) {
  return guidesFeed(args);
}
