import { data, redirect, type RouterContextProvider } from "react-router";
import { localizePath } from "#app/i18n/locales.ts";
import { categoryDescription } from "#app/platform/seo/meta.ts";
import type { VersionedTable } from "#app/platform/page-cache/content-state.server.ts";
import { pageContext, pageReklama, publicItemPage, siteName, titleWithSite } from "#app/modules/content/public-page.server.ts";
import { parsePage } from "#app/platform/lists/pagination.ts";
import { listCategories, listLocations, requireCategory } from "#app/modules/taxonomy/public-terms.server.ts";
import { nearListQuery, nearTitle } from "#app/modules/content/near-list.server.ts";
import { stripHtml } from "#app/platform/format/text.ts";
import { parseTicketPrice, postalAddress } from "#app/platform/seo/structured-data.ts";
import { getCurrentUser, loginRedirectPath } from "#app/modules/auth/guards.server.ts";
import { notFound } from "#app/platform/http/errors.ts";
import { redirectWithFlash, type Flash } from "#app/platform/http/flash.server.ts";
import { calendarLinks } from "./calendar.server.ts";
import { comingDates, findPoster, listPosters, parseWhen } from "./posters.server.ts";
import { seriesText } from "./series-text.server.ts";
import { parseId } from "#app/platform/http/ids.ts";
import { rsvpPosterId, rsvpState, toggleRsvp, waitingPosition } from "./rsvp.server.ts";
import { listBbox, loadListMap } from "#app/modules/places/list-map.server.ts";
import { EVENT_ORGANISATION_DEPS, eventOrganisation } from "#app/modules/organisations/public.server.ts";

export const POSTER_PAGE_DEPS: VersionedTable[] = [
  "posters",
  "poster_occurrences",
  "poster_tags",
  "categories",
  "tags",
  "locations",
  "images",
  "reklama",
];
/** The event's page also shows how many are going, and its organisation. */
export const POSTER_ITEM_DEPS: VersionedTable[] = [...POSTER_PAGE_DEPS, "poster_rsvps", ...EVENT_ORGANISATION_DEPS];

type Args = { context: Readonly<RouterContextProvider>; url: URL };

/**
 * `/poster` and `/poster/category/{slug}`, with `?when=past` and the place filter (`?near=&radius=`,
 * `?location=` for the place itself, `?sort=nearest`: near-list.server.ts).
 */
export async function loadPosterList({ context, url }: Args, categorySlug?: string) {
  const { language, locale, t } = pageContext(context, url);
  const [category, locations] = await Promise.all([
    categorySlug ? requireCategory("poster", categorySlug, language) : null,
    listLocations(language),
  ]);
  const near = nearListQuery(url, locations);
  const page = parsePage(url);
  const when = parseWhen(url);
  const bbox = listBbox(url);
  const [list, categories, reklama, map] = await Promise.all([
    listPosters({ language, page, when, categoryId: category?.id, near: near.filter, nearest: near.nearest, bbox }),
    listCategories("poster", language),
    pageReklama(context, language, ["list_inline", "footer"]),
    loadListMap("poster", url, { language, locale, locations, category, bbox }),
  ]);
  const heading = category ? category.name.text : t("posters.title");
  const parts = [
    heading,
    when === "past" ? t("posters.past") : null,
    nearTitle(near.filter, t),
    page > 1 ? t("pagination.page_n", { page }) : null,
  ];
  return {
    ...list,
    when,
    category,
    categories,
    locations,
    near: near.choice,
    reklama,
    map,
    feed: { href: localizePath("/poster/rss.xml", locale), title: t("feed.posters_title") },
    calendar: calendarLinks(locale, { category: category?.slug ?? null, near: near.choice }),
    seo: {
      title: await titleWithSite(parts.filter(Boolean).join(" — "), language),
      description: category ? categoryDescription(t("posters.category_description", { name: heading })) : t("posters.description"),
    },
  };
}

/** `?date=`: one of the poster's dates (poster_occurrences.id); absent is its shown date, anything but one id is the 404. */
function parseDateParam(url: URL): number | undefined {
  const values = url.searchParams.getAll("date");
  if (values.length === 0) return undefined;
  const id = values.length === 1 ? parseId(values[0]) : null;
  if (id === null) notFound();
  return id;
}

/** `/poster/{slug}`, `?date=` one of its dates (another poster's is the 404). */
export async function loadPosterItem(args: Args, slug: string) {
  const occurrenceId = parseDateParam(args.url);
  // Signed-in pages are never kept by the page cache: the viewer's own mark stays out of the shared copy.
  const viewer = getCurrentUser(args.context);
  const itemPage = await publicItemPage(args, {
    table: "posters",
    path: "/poster",
    find: (language) => findPoster(slug, language, occurrenceId),
    also: (found, language) =>
      Promise.all([
        siteName(language),
        rsvpState(found.occurrenceId, found.capacity, viewer?.id),
        found.recurrence ? comingDates(found.id, language) : Promise.resolve([]),
      ]),
  });
  const { item: poster, reklama, pageUrl, locale, seo, language } = itemPage;
  const [site, rsvp, dates] = itemPage.also;
  // "Organised by", and for a signed-in organiser the way to its attendees (signed-in pages are not kept).
  const organisation = await eventOrganisation(poster.id, language, viewer?.id ?? null);
  const address = postalAddress(poster.address, poster.location?.text);
  const ticket = parseTicketPrice(poster.price?.text);
  return {
    poster,
    /** Where to draw it on a map: its own point, else its city's (null without either). */
    point: poster.point,
    reklama,
    pageUrl,
    icsHref: localizePath(`/poster/${poster.slug}/event.ics`, locale),
    series: poster.recurrence ? { text: seriesText(poster.recurrence, language), dates, selected: occurrenceId ?? null } : null,
    rsvp: { ...rsvp, signedIn: viewer !== null, loginHref: loginRedirectPath(args.url) },
    organisation,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Event",
      name: poster.title.text,
      inLanguage: poster.title.lang,
      startDate: poster.startsAt,
      ...(poster.endsAt ? { endDate: poster.endsAt } : {}),
      eventStatus: `https://schema.org/${poster.isCancelled ? "EventCancelled" : poster.movedFrom ? "EventRescheduled" : "EventScheduled"}`,
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      description: stripHtml(poster.description.text).slice(0, 500),
      url: pageUrl,
      ...(poster.image ? { image: [new URL(poster.image.src, pageUrl).href] } : {}),
      location: {
        "@type": "Place",
        name: poster.venue?.text ?? poster.address ?? poster.location?.text ?? poster.title.text,
        ...(address ? { address } : {}),
        ...(poster.ownPoint ? { geo: { "@type": "GeoCoordinates", ...poster.ownPoint } } : {}),
      },
      organizer: { "@type": "Organization", name: poster.organiser ?? site },
      ...(poster.ticketUrl || poster.price
        ? {
            offers: {
              "@type": "Offer",
              url: poster.ticketUrl ?? pageUrl,
              ...(poster.price ? { description: poster.price.text } : {}),
              ...(ticket ? { price: ticket.price, ...(ticket.priceCurrency ? { priceCurrency: ticket.priceCurrency } : {}) } : {}),
              availability: "https://schema.org/InStock",
            },
          }
        : {}),
    },
    seo: { ...seo, image: poster.image?.src ?? null, type: "article" as const },
  };
}

/** Why "I'm going" was refused, shown next to the button in the page's language. */
export type RsvpRefusal = "over" | "cancelled" | "limited";

const RSVP_FLASH = {
  going: { severity: "success", message: "events:rsvp.flash_going" },
  left: { severity: "info", message: "events:rsvp.flash_undone" },
  left_queue: { severity: "info", message: "events:rsvp.flash_left_queue" },
} as const satisfies Record<string, Flash>;

/**
 * POST `/poster/{slug}`: the viewer's "I'm going" for one date (`date`, a poster_occurrences id
 * of this event), on or off; past the capacity it joins the waiting list. Signed-out visitors sign in first.
 */
export async function posterRsvpAction({ context, url }: Args, slug: string, occurrenceId: number) {
  const user = getCurrentUser(context);
  if (!user) throw redirect(loginRedirectPath(url));
  const posterId = await rsvpPosterId(slug);
  if (posterId === null) notFound();
  const outcome = await toggleRsvp(posterId, occurrenceId, user.id);
  if (outcome === "not_found") notFound();
  // Back to the date the form was for when the page showed a chosen one.
  const path = url.pathname.replace(/\.data$/, "");
  const back = url.searchParams.has("date") ? `${path}?date=${occurrenceId}` : path;
  if (outcome === "waiting") {
    const position = await waitingPosition(occurrenceId, user.id);
    return redirectWithFlash(back, { severity: "info", message: "events:rsvp.flash_waiting", values: { position: position ?? 1 } });
  }
  if (outcome === "going" || outcome === "left" || outcome === "left_queue") return redirectWithFlash(back, RSVP_FLASH[outcome]);
  const headers = outcome === "limited" ? { "Retry-After": "600" } : undefined;
  return data({ refused: outcome satisfies RsvpRefusal }, { status: outcome === "limited" ? 429 : 409, headers });
}
