import type { Route } from "./+types/route";
import { publicPageCache } from "#app/platform/page-cache/page-cache.server.ts";
import { posterEventFile } from "#app/modules/posters/calendar.server.ts";
import { POSTER_PAGE_DEPS } from "#app/modules/posters/poster-page.server.ts";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: POSTER_PAGE_DEPS })];

/** `/poster/{slug}/event.ics`: the event as an iCalendar file to add to a calendar. */
export function loader(args: Route.LoaderArgs) {
  return posterEventFile(args, args.params.slug);
}
