import type { Route } from "./+types/route";
import { ADVERT_FEED_DEPS, advertsFeed } from "~/modules/adverts/feed.server";
import { publicPageCache } from "~/modules/page-cache/page-cache.server";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: ADVERT_FEED_DEPS, sharedMaxAgeSeconds: 600 })];

export function loader(args: Route.LoaderArgs) {
  return advertsFeed(args);
}
