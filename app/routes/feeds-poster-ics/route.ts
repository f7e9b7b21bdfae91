import type { Route } from "./+types/route";
import { publicPageCache } from "#app/modules/page-cache/page-cache.server.ts";
import { notFound } from "#app/modules/http/errors.ts";
import { pageContext } from "#app/modules/content/public-page.server.ts";
import { stripHtml } from "#app/modules/format/text.ts";
import { eventIcs } from "#app/modules/posters/ics.ts";
import { POSTER_PAGE_DEPS } from "#app/modules/posters/poster-page.server.ts";
import { findPoster } from "#app/modules/posters/posters.server.ts";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: POSTER_PAGE_DEPS })];

/** `/poster/{slug}/event.ics`: the event as an iCalendar file to add to a calendar. */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const { language, absolute } = pageContext(context, url);
  const poster = await findPoster(params.slug, language);
  if (!poster) notFound();
  const pageUrl = absolute(`/poster/${poster.slug}`);
  const body = eventIcs({
    uid: `poster-${poster.id}@${new URL(pageUrl).hostname}`,
    start: new Date(poster.startsAt),
    end: poster.endsAt ? new Date(poster.endsAt) : null,
    title: poster.title.text,
    location: [poster.venue?.text, poster.address, poster.location?.text].filter(Boolean).join(", ") || null,
    description: `${stripHtml(poster.description.text)}\n\n${pageUrl}`.trim(),
    url: pageUrl,
    stamp: new Date(poster.updatedAt),
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${poster.slug}.ics"`,
    },
  });
}
