import type { Language } from "#app/i18n/locales.ts";
import type { VersionedTable } from "#app/platform/page-cache/content-state.server.ts";
import { publiclyVisible } from "#app/modules/content/visibility.server.ts";
import { listPosters, type PosterCard } from "#app/modules/posters/posters.server.ts";
import { CONTENT_SPECS } from "#app/modules/staff-content/types.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { pickLocalized, type LocalizedText } from "#app/platform/format/localized.ts";
import { organiserOf } from "./attendees.server.ts";

// What the public pages show of organisations: an event's organisation ("Organised by"), and
// for a signed-in organiser the way to its attendees; an organisation's coming events.

const ORGANISATIONS = CONTENT_SPECS.diaspors;

/** The cabinet page of an organisation's event (attendees, announcements). */
export function organiserEventPath(organisationId: number, posterId: number): string {
  return `/cabinet/organisations/${organisationId}/events/${posterId}`;
}

/** What an event's page reads for "Organised by". */
export const EVENT_ORGANISATION_DEPS: VersionedTable[] = [ORGANISATIONS.table];

export type EventOrganisation = {
  name: LocalizedText;
  /** Its public page. */
  path: string;
  /** The attendees' page, for a viewer who organises the event; else null. */
  organiserPath: string | null;
};

/** The event's organisation while its page is public; `viewerId`: the signed-in viewer, asked whether they organise it. */
export async function eventOrganisation(posterId: number, language: Language, viewerId: number | null): Promise<EventOrganisation | null> {
  const row = await getDb()
    .selectFrom("posters as p")
    .innerJoin("diaspors as d", "d.id", "p.organisation_id")
    .select(["d.id", "d.slug", "d.name_uk", "d.name_en"])
    .where("p.id", "=", posterId)
    .where(publiclyVisible(ORGANISATIONS.table, "d"))
    .executeTakeFirst();
  if (!row) return null;
  const organises = viewerId !== null && (await organiserOf(posterId, viewerId)) === row.id;
  return {
    name: pickLocalized(row.name_uk, row.name_en, language),
    path: ORGANISATIONS.publicPath(row.slug),
    organiserPath: organises ? organiserEventPath(row.id, posterId) : null,
  };
}

/** What an organisation's page reads for its events (the posters list's cards with their shown date). */
export const ORGANISATION_EVENTS_DEPS: VersionedTable[] = ["posters", "poster_occurrences", "categories", "locations", "images"];

/** The organisation's coming events, soonest first (the first page of the posters list filtered by it). */
export async function organisationUpcomingEvents(organisationId: number, language: Language): Promise<PosterCard[]> {
  const page = await listPosters({ language, page: 1, when: "upcoming", organisationId });
  return page.items;
}
