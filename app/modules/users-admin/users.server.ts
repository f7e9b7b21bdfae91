import { sql, type Transaction } from "kysely";
import type { DB, UserRole } from "#db/schema.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { countAdmins } from "#app/modules/auth/users.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { offsetOf } from "#app/platform/lists/pagination.ts";

// Users and roles (admin only): search, change a role, block or unblock. An admin cannot
// demote or block themselves, and the last admin cannot be demoted, so the portal always
// keeps someone who can manage it. A block ends the user's sessions at once.

const USERS_PAGE_SIZE = 30;

export type UserListRow = {
  id: number;
  email: string;
  name: string;
  role: UserRole;
  blocked: boolean;
  verified: boolean;
  createdAt: Date;
  adverts: number;
  favourites: number;
  savedSearches: number;
};

export async function listUsers(query: {
  q?: string;
  role?: UserRole;
  page: number;
}): Promise<{ rows: UserListRow[]; total: number; pages: number }> {
  let base = getDb().selectFrom("users");
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) => eb.or([eb("email", "ilike", pattern), eb("name", "ilike", pattern)]));
  }
  if (query.role) base = base.where("role", "=", query.role);
  const count = await base.select(sql<number>`count(*)::int`.as("n")).executeTakeFirst();
  const total = Number(count?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const rows: UserListRow[] = await base
    .select(["users.id", "users.email", "users.name", "users.role", "users.created_at as createdAt"])
    .select([
      sql<boolean>`users.blocked_at is not null`.as("blocked"),
      sql<boolean>`users.email_verified_at is not null`.as("verified"),
      sql<number>`(select count(*)::int from advertisements a where a.owner_id = users.id)`.as("adverts"),
      sql<number>`(select count(*)::int from favourites f where f.user_id = users.id)`.as("favourites"),
      sql<number>`(select count(*)::int from saved_searches s where s.user_id = users.id)`.as("savedSearches"),
    ])
    .orderBy("users.created_at", "desc")
    .orderBy("users.id", "desc")
    .limit(USERS_PAGE_SIZE)
    .offset(offsetOf(page, USERS_PAGE_SIZE))
    .execute();
  return { total, pages, rows };
}

export type UserChange = "done" | "self" | "last_admin" | "missing" | "unchanged";

type LockedUser = { role: UserRole; blocked_at: Date | null };

/**
 * An admin's change to another user, in one transaction holding the users-admin lock (so two
 * admins cannot demote or block each other at once) and the user's row, which `change` gets.
 */
async function changeUser(
  userId: number,
  actorId: number,
  change: (trx: Transaction<DB>, user: LockedUser) => Promise<UserChange>,
): Promise<UserChange> {
  if (userId === actorId) return "self";
  return getDb()
    .transaction()
    .execute(async (trx): Promise<UserChange> => {
      await sql`select pg_advisory_xact_lock(hashtext('users.role'))`.execute(trx);
      const user = await trx.selectFrom("users").select(["role", "blocked_at"]).where("id", "=", userId).forUpdate().executeTakeFirst();
      if (!user) return "missing";
      return change(trx, user);
    });
}

/** Whether at most one unblocked admin is left: that one may be neither demoted nor blocked. */
async function lastActiveAdmin(trx: Transaction<DB>): Promise<boolean> {
  return (await countAdmins(trx)) <= 1;
}

export async function changeRole(userId: number, role: UserRole, actorId: number): Promise<UserChange> {
  return changeUser(userId, actorId, async (trx, user) => {
    if (user.role === role) return "unchanged";
    if (user.role === "admin" && (await lastActiveAdmin(trx))) return "last_admin";
    await trx
      .updateTable("users")
      .set({ role, updated_at: sql`now()` })
      .where("id", "=", userId)
      .execute();
    await recordAudit(trx, { actorId, action: "role", entityType: "user", entityId: userId, before: { role: user.role }, after: { role } });
    return "done";
  });
}

export async function setBlocked(userId: number, blocked: boolean, actorId: number): Promise<UserChange> {
  return changeUser(userId, actorId, async (trx, user) => {
    if ((user.blocked_at !== null) === blocked) return "unchanged";
    if (blocked && user.role === "admin" && (await lastActiveAdmin(trx))) return "last_admin";
    await trx
      .updateTable("users")
      .set({ blocked_at: blocked ? sql`now()` : null, updated_at: sql`now()` })
      .where("id", "=", userId)
      .execute();
    if (blocked) await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
    await recordAudit(trx, {
      actorId,
      action: blocked ? "block" : "unblock",
      entityType: "user",
      entityId: userId,
      before: { blocked: !blocked },
      after: { blocked },
    });
    return "done";
  });
}
