import { sql } from "kysely";
import type { Language } from "#app/i18n/locales.ts";
import type { SessionUser } from "#app/modules/auth/session.server.ts";
import { pickLocalized, type LocalizedText } from "#app/platform/format/localized.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { scheduleText } from "#app/modules/posters/posters.server.ts";
import { loadItem, type ItemRow } from "#app/modules/staff-content/items.server.ts";
import { saveContentForm, type SaveResult } from "#app/modules/staff-content/save.server.ts";
import type { ContentPost } from "#app/modules/staff-content/uploads.server.ts";
import { headingFields } from "#app/modules/submissions/forms.ts";
import { capCheckedOnInsert } from "#app/modules/submissions/limits.server.ts";
import type { Settings } from "#app/platform/settings/settings.server.ts";
import type { OrganisationAccess } from "./access.server.ts";
import { EVENT_TYPE, eventStoredSpec, withKeptSlug } from "./forms.ts";

// An organisation's events: the users' poster form (submissions/forms.ts), stored with the
// organisation. A trusted organisation's event is published at once; an untrusted one's waits
// in the moderation queue as any user's submission does (submission_state pending).

/** One language is enough: an English-only heading is stored as the Ukrainian one too, as submissions do. */
function fillHeading(form: FormData): void {
  const heading = headingFields(EVENT_TYPE);
  if (!String(form.get(heading.uk) ?? "").trim()) form.set(heading.uk, String(form.get(heading.en) ?? ""));
}

export async function createOrganisationEvent(
  organisation: Pick<OrganisationAccess, "id" | "trusted">,
  posted: ContentPost,
  user: Pick<SessionUser, "id" | "role">,
  settings: Pick<Settings, "adverts_per_user_per_day">,
): Promise<SaveResult> {
  fillHeading(posted.form);
  const columns = organisation.trusted
    ? { organisation_id: organisation.id, submitted_by: user.id, status: "published", published_at: sql`now()` }
    : { organisation_id: organisation.id, submitted_by: user.id, submission_state: "pending" };
  // Untrusted organisations' events count toward the user's daily cap of submissions.
  const check = organisation.trusted ? undefined : capCheckedOnInsert(user.id, settings);
  return saveContentForm(eventStoredSpec(), posted, { id: user.id, role: user.role }, undefined, columns, check);
}

export type OrganisationEventRow = ItemRow & { pending: boolean };

/** One of the organisation's events (not in the trash), or null. */
export async function findOrganisationEvent(organisationId: number, posterId: number | null): Promise<OrganisationEventRow | null> {
  if (posterId === null) return null;
  const row = await loadItem(eventStoredSpec(), posterId);
  if (!row || row.deleted_at || row.organisation_id !== organisationId) return null;
  return { ...row, pending: row.submission_state === "pending" && row.status !== "published" };
}

export async function saveOrganisationEvent(
  event: OrganisationEventRow,
  posted: ContentPost,
  user: Pick<SessionUser, "id" | "role">,
): Promise<SaveResult> {
  fillHeading(posted.form);
  posted.form.set("slug", event.slug);
  return saveContentForm(withKeptSlug(eventStoredSpec()), posted, { id: user.id, role: user.role }, event.id);
}

type EventState = "live" | "waiting" | "rejected" | "draft";

export type OrganisationEvent = {
  id: number;
  title: LocalizedText;
  slug: string;
  schedule: string;
  state: EventState;
  over: boolean;
};

/** The organisation's events for its cabinet page: coming ones first (soonest first), then past ones. */
export async function organisationEvents(organisationId: number, language: Language, limit = 100): Promise<OrganisationEvent[]> {
  const rows = await getDb()
    .selectFrom("posters as p")
    .select([
      "p.id",
      "p.slug",
      "p.title_uk",
      "p.title_en",
      "p.starts_at",
      "p.ends_at",
      "p.status",
      "p.submission_state",
      sql<boolean>`coalesce(p.ends_at, p.starts_at) < now()`.as("over"),
    ])
    .where("p.organisation_id", "=", organisationId)
    .where("p.deleted_at", "is", null)
    .orderBy(sql`coalesce(p.ends_at, p.starts_at) < now()`)
    .orderBy(sql`case when coalesce(p.ends_at, p.starts_at) < now() then null else p.starts_at end`)
    .orderBy("p.starts_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: pickLocalized(row.title_uk, row.title_en, language),
    schedule: scheduleText(row.starts_at, row.ends_at, language),
    state:
      row.status === "published"
        ? "live"
        : row.submission_state === "pending"
          ? "waiting"
          : row.submission_state === "rejected"
            ? "rejected"
            : "draft",
    over: row.over,
  }));
}
