import type { Kysely } from "kysely";
import type { DB, OrganisationRole } from "#db/schema.ts";
import { can } from "#app/modules/auth/access.ts";
import type { SessionUser } from "#app/modules/auth/session.server.ts";
import { pickLocalized, type LocalizedText } from "#app/platform/format/localized.ts";
import type { Language } from "#app/i18n/locales.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { forbidden, notFound } from "#app/platform/http/errors.ts";

// Who may do what in an organisation (docs/product.md#organisations): one table, asked by
// every cabinet loader and action of the organisations' pages. Anyone who is not an accepted
// member gets the 404, as if the organisation's cabinet page did not exist; a member without
// the role gets the 403. Staff (who manage organisations in the dashboard) may see an event's
// attendees and write to them, as organisers do.

type Holder = OrganisationRole | "staff";

const ORGANISATION_ACTIONS = {
  /** Its cabinet page: members, events. */
  view: ["owner", "editor"],
  /** Invite, remove and change the role of members. */
  "members.manage": ["owner"],
  /** Edit the organisation's public page (live, so only once trusted: `canEditPage`). */
  "page.edit": ["owner", "editor"],
  /** New events and editing its events (`canEditEvent`). */
  "events.publish": ["owner", "editor"],
  /** An event's attendees per date, and announcements to them. */
  "attendees.view": ["owner", "editor", "staff"],
  announce: ["owner", "editor", "staff"],
} as const satisfies Record<string, readonly Holder[]>;

export type OrganisationAction = keyof typeof ORGANISATION_ACTIONS;

export type OrganisationAccess = {
  id: number;
  slug: string;
  name: LocalizedText;
  trusted: boolean;
  published: boolean;
  /** The viewer's role; "staff" for staff who are not members. */
  role: Holder;
};

export function allows(role: Holder, action: OrganisationAction): boolean {
  return (ORGANISATION_ACTIONS[action] as readonly Holder[]).includes(role);
}

/** Members edit the live page only once staff trust the organisation (no draft copy of a live page). */
export function canEditPage(organisation: Pick<OrganisationAccess, "trusted" | "role">): boolean {
  return organisation.trusted && allows(organisation.role, "page.edit");
}

/** A trusted organisation's events are edited live; an untrusted one's only while they wait for review. */
export function canEditEvent(organisation: Pick<OrganisationAccess, "trusted" | "role">, event: { pending: boolean }): boolean {
  return allows(organisation.role, "events.publish") && (organisation.trusted || event.pending);
}

function isStaff(user: Pick<SessionUser, "role">): boolean {
  return can(user.role, "diaspors.manage");
}

/** The organisation (not in the trash) with the user's accepted role in it, or null. */
async function organisationAccess(
  userId: number,
  organisationId: number,
  language: Language,
  db: Kysely<DB> = getDb(),
): Promise<(Omit<OrganisationAccess, "role"> & { role: OrganisationRole | null }) | null> {
  const row = await db
    .selectFrom("diaspors as d")
    .leftJoin("organisation_members as m", (join) =>
      join.onRef("m.diaspora_id", "=", "d.id").on("m.user_id", "=", userId).on("m.accepted_at", "is not", null),
    )
    .select(["d.id", "d.slug", "d.name_uk", "d.name_en", "d.trusted", "d.status", "m.role"])
    .where("d.id", "=", organisationId)
    .where("d.deleted_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    name: pickLocalized(row.name_uk, row.name_en, language),
    trusted: row.trusted,
    published: row.status === "published",
    role: (row.role as OrganisationRole | null) ?? null,
  };
}

/** The organisation if `user` may do `action` in it: 404 for non-members (staff where the table lets them), 403 for a member without the role. */
export async function requireOrganisation(
  user: Pick<SessionUser, "id" | "role">,
  organisationId: number | null,
  action: OrganisationAction,
  language: Language,
): Promise<OrganisationAccess> {
  if (organisationId === null) notFound();
  const found = await organisationAccess(user.id, organisationId, language);
  if (!found) notFound();
  const role: Holder | null = found.role ?? (isStaff(user) && allows("staff", action) ? "staff" : null);
  if (role === null) notFound();
  if (!allows(role, action)) forbidden();
  return { ...found, role };
}
