import type { Route } from "./+types/route";
import { ADVERT_FEED_DEPS, advertsFeed } from "#app/modules/adverts/feed.server.ts";
import { publicPageCache } from "#app/platform/page-cache/page-cache.server.ts";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: ADVERT_FEED_DEPS, sharedMaxAgeSeconds: 600 })];

export function loader(args: Route.LoaderArgs) {
  return advertsFeed(args);
}
