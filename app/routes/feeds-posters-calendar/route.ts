import type { Route } from "./+types/route";
import { POSTER_FEED_DEPS } from "#app/modules/feeds/feed-page.server.ts";
import { publicPageCache } from "#app/platform/page-cache/page-cache.server.ts";
import { posterCalendar } from "#app/modules/posters/calendar.server.ts";

// Calendar apps poll a subscription: shared caches may keep it as long as the RSS feed.
export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: POSTER_FEED_DEPS, sharedMaxAgeSeconds: 600 })];

/** `/poster/calendar.ics?category=&location=`: upcoming events to subscribe to. */
export function loader(args: Route.LoaderArgs) {
  return posterCalendar(args);
}
