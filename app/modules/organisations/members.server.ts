import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "#db/schema.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { ORGANISATION_TYPE } from "#app/modules/staff-content/registry.ts";
import type { Language } from "#app/i18n/locales.ts";
import { pickLocalized, type LocalizedText } from "#app/platform/format/localized.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import type { OrganisationRole } from "#db/schema.ts";
import { mailInvitation } from "./jobs.server.ts";

// Members of an organisation: staff or its owners invite an existing account by its email
// with a role; the invited user accepts or declines in the cabinet. An organisation keeps at
// least one accepted owner: removing or demoting the last one is refused. Every change is in
// the audit log of the organisation, in the change's own transaction.

/** The audit log's entity type of organisations (their content type). */

export type Member = { userId: number; name: string; role: OrganisationRole; pending: boolean };

export async function listMembers(organisationId: number, db: Kysely<DB> = getDb()): Promise<Member[]> {
  const rows = await db
    .selectFrom("organisation_members as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(["m.user_id", "u.name", "m.role", "m.accepted_at"])
    .where("m.diaspora_id", "=", organisationId)
    .orderBy(sql`m.accepted_at is null`)
    .orderBy("m.created_at")
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    name: row.name,
    role: row.role as OrganisationRole,
    pending: row.accepted_at === null,
  }));
}

/** The dashboard's membership section of an organisation: its "trusted" flag and members. */
export async function organisationSection(organisationId: number): Promise<{ trusted: boolean; members: Member[] } | null> {
  const row = await getDb().selectFrom("diaspors as d").select("d.trusted").where("d.id", "=", organisationId).executeTakeFirst();
  if (!row) return null;
  return { trusted: row.trusted, members: await listMembers(organisationId) };
}

export type InviteOutcome = "invited" | "no_account" | "already_member";

/** Locks the organisation's row: membership changes of one organisation happen one after the other. */
async function lockOrganisation(trx: Transaction<DB>, organisationId: number): Promise<boolean> {
  const row = await trx.selectFrom("diaspors as d").select("d.id").where("d.id", "=", organisationId).forUpdate().executeTakeFirst();
  return row !== undefined;
}

export async function inviteMember(input: {
  organisationId: number;
  email: string;
  role: OrganisationRole;
  actorId: number;
}): Promise<InviteOutcome> {
  const outcome = await getDb()
    .transaction()
    .execute(async (trx): Promise<{ kind: InviteOutcome; userId?: number }> => {
      if (!(await lockOrganisation(trx, input.organisationId))) return { kind: "no_account" };
      const user = await trx
        .selectFrom("users")
        .select("id")
        .where(sql<string>`lower(email)`, "=", input.email.trim().toLowerCase())
        .where("blocked_at", "is", null)
        .executeTakeFirst();
      if (!user) return { kind: "no_account" };
      const inserted = await trx
        .insertInto("organisation_members")
        .values({ diaspora_id: input.organisationId, user_id: user.id, role: input.role, invited_by: input.actorId })
        .onConflict((oc) => oc.columns(["diaspora_id", "user_id"]).doNothing())
        .returning("user_id")
        .executeTakeFirst();
      if (!inserted) return { kind: "already_member" };
      await recordAudit(trx, {
        actorId: input.actorId,
        action: "invite",
        entityType: ORGANISATION_TYPE,
        entityId: input.organisationId,
        before: null,
        after: { user_id: user.id, role: input.role },
      });
      return { kind: "invited", userId: user.id };
    });
  if (outcome.kind === "invited") await mailInvitation(input.organisationId, outcome.userId!);
  return outcome.kind;
}

/** The invited user's answer; false when there is no invitation of theirs to answer. */
export async function answerInvitation(userId: number, organisationId: number, accept: boolean): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const pending = trx
        .selectFrom("organisation_members")
        .where("diaspora_id", "=", organisationId)
        .where("user_id", "=", userId)
        .where("accepted_at", "is", null);
      const row = await pending.select("role").forUpdate().executeTakeFirst();
      if (!row) return false;
      if (accept) {
        await trx
          .updateTable("organisation_members")
          .set({ accepted_at: sql`now()` })
          .where("diaspora_id", "=", organisationId)
          .where("user_id", "=", userId)
          .execute();
      } else {
        await trx.deleteFrom("organisation_members").where("diaspora_id", "=", organisationId).where("user_id", "=", userId).execute();
      }
      await recordAudit(trx, {
        actorId: userId,
        action: accept ? "accept_invitation" : "decline_invitation",
        entityType: ORGANISATION_TYPE,
        entityId: organisationId,
        before: null,
        after: { user_id: userId, role: row.role },
      });
      return true;
    });
}

export type MemberChange = "done" | "missing" | "last_owner";

/** Whether `userId` is the organisation's one accepted owner (the caller holds the organisation's lock). */
async function isLastOwner(trx: Transaction<DB>, organisationId: number, userId: number): Promise<boolean> {
  const owners = await trx
    .selectFrom("organisation_members")
    .select("user_id")
    .where("diaspora_id", "=", organisationId)
    .where("role", "=", "owner")
    .where("accepted_at", "is not", null)
    .execute();
  return owners.length === 1 && owners[0]!.user_id === userId;
}

async function changeMember(organisationId: number, userId: number, actorId: number, role: OrganisationRole | null): Promise<MemberChange> {
  return getDb()
    .transaction()
    .execute(async (trx): Promise<MemberChange> => {
      if (!(await lockOrganisation(trx, organisationId))) return "missing";
      const member = await trx
        .selectFrom("organisation_members")
        .select(["role", "accepted_at"])
        .where("diaspora_id", "=", organisationId)
        .where("user_id", "=", userId)
        .executeTakeFirst();
      if (!member) return "missing";
      if (member.role === role) return "done";
      if (member.role === "owner" && (await isLastOwner(trx, organisationId, userId))) return "last_owner";
      if (role === null) {
        await trx.deleteFrom("organisation_members").where("diaspora_id", "=", organisationId).where("user_id", "=", userId).execute();
      } else {
        await trx
          .updateTable("organisation_members")
          .set({ role })
          .where("diaspora_id", "=", organisationId)
          .where("user_id", "=", userId)
          .execute();
      }
      await recordAudit(trx, {
        actorId,
        action: role === null ? "remove_member" : "role",
        entityType: ORGANISATION_TYPE,
        entityId: organisationId,
        before: { user_id: userId, role: member.role },
        after: role === null ? null : { user_id: userId, role },
      });
      return "done";
    });
}

/** Removes a member or an invitation. */
export function removeMember(organisationId: number, userId: number, actorId: number): Promise<MemberChange> {
  return changeMember(organisationId, userId, actorId, null);
}

export function setMemberRole(organisationId: number, userId: number, role: OrganisationRole, actorId: number): Promise<MemberChange> {
  return changeMember(organisationId, userId, actorId, role);
}

/** Staff mark an organisation trusted (its members publish without review) or take it back. */
export async function setTrusted(organisationId: number, trusted: boolean, actorId: number): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const before = await trx
        .selectFrom("diaspors as d")
        .select("d.trusted")
        .where("d.id", "=", organisationId)
        .forUpdate()
        .executeTakeFirst();
      if (!before) return false;
      if (before.trusted === trusted) return true;
      await trx.updateTable("diaspors as d").set({ trusted }).where("d.id", "=", organisationId).execute();
      await recordAudit(trx, {
        actorId,
        action: "update",
        entityType: ORGANISATION_TYPE,
        entityId: organisationId,
        before: { trusted: before.trusted },
        after: { trusted },
      });
      return true;
    });
}

export type MyOrganisation = { id: number; name: LocalizedText; slug: string; trusted: boolean; role: OrganisationRole };
export type Invitation = MyOrganisation & { invitedBy: string | null };

/** The user's organisations (accepted) and invitations (pending), by name. */
export async function myOrganisations(
  userId: number,
  language: Language,
): Promise<{ organisations: MyOrganisation[]; invitations: Invitation[] }> {
  const rows = await getDb()
    .selectFrom("organisation_members as m")
    .innerJoin("diaspors as d", "d.id", "m.diaspora_id")
    .leftJoin("users as i", "i.id", "m.invited_by")
    .select(["d.id", "d.slug", "d.name_uk", "d.name_en", "d.trusted", "m.role", "m.accepted_at", "i.name as inviter"])
    .where("m.user_id", "=", userId)
    .where("d.deleted_at", "is", null)
    .orderBy("d.name_uk")
    .execute();
  const organisations: MyOrganisation[] = [];
  const invitations: Invitation[] = [];
  for (const row of rows) {
    const organisation = {
      id: row.id,
      slug: row.slug,
      name: pickLocalized(row.name_uk, row.name_en, language),
      trusted: row.trusted,
      role: row.role as OrganisationRole,
    };
    if (row.accepted_at === null) invitations.push({ ...organisation, invitedBy: row.inviter ?? null });
    else organisations.push(organisation);
  }
  return { organisations, invitations };
}
