import { sql, type Kysely } from "kysely";
import type { DB, Locale, User, UserRole } from "#db/schema.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { removeImageFiles } from "#app/platform/images/process.server.ts";
import type { ImageStore } from "#app/platform/images/storage.server.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";
import { deleteSubscriptionOf } from "#app/modules/newsletter/subscribers.server.ts";

// Accounts: lookup, creation, credentials, profile, deletion. Imported by the CLI too
// (scripts/user-create.ts), so only relative imports here.

export class EmailTakenError extends Error {
  constructor() {
    super("A user with this email already exists");
  }
}

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(email: string, db: Kysely<DB> = getDb()): Promise<User | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where(sql<string>`lower(email)`, "=", normalizeEmail(email))
    .executeTakeFirst();
}

export async function findUserById(id: number, db: Kysely<DB> = getDb()): Promise<User | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export type NewAccount = {
  email: string;
  password: string;
  name?: string;
  role?: UserRole;
  verified?: boolean;
  preferredLocale?: Locale;
};

export async function createUser(account: NewAccount, db: Kysely<DB> = getDb()): Promise<User> {
  const passwordHash = await hashPassword(account.password);
  try {
    return await db
      .insertInto("users")
      .values({
        email: normalizeEmail(account.email),
        password_hash: passwordHash,
        name: account.name?.trim() ?? "",
        role: account.role ?? "user",
        email_verified_at: account.verified ? new Date() : null,
        preferred_locale: account.preferredLocale ?? "ua",
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if ((error as { code?: string }).code === "23505") throw new EmailTakenError();
    throw error;
  }
}

// Checked against when the email is unknown, so a wrong email costs as long as a wrong password.
let decoyHash: Promise<string> | undefined;

/** The user whose email and password these are; null otherwise (blocked users included, see `blocked_at`). */
export async function verifyCredentials(email: string, password: string, db: Kysely<DB> = getDb()): Promise<User | null> {
  const user = await findUserByEmail(email, db);
  if (!user) {
    decoyHash ??= hashPassword("decoy password that matches nothing");
    await verifyPassword(await decoyHash, password);
    return null;
  }
  return (await verifyPassword(user.password_hash, password)) ? user : null;
}

export async function checkPassword(userId: number, password: string, db: Kysely<DB> = getDb()): Promise<boolean> {
  const user = await findUserById(userId, db);
  return user ? verifyPassword(user.password_hash, password) : false;
}

export async function setPassword(userId: number, password: string, db: Kysely<DB> = getDb()): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.updateTable("users").set({ password_hash: passwordHash, updated_at: new Date() }).where("id", "=", userId).execute();
}

export async function markEmailVerified(userId: number, db: Kysely<DB> = getDb()): Promise<void> {
  await db
    .updateTable("users")
    .set({ email_verified_at: sql`coalesce(email_verified_at, now())`, updated_at: new Date() })
    .where("id", "=", userId)
    .execute();
}

export type ProfileUpdate = { name: string; phone: string | null; preferredLocale: Locale };

export async function updateProfile(userId: number, profile: ProfileUpdate, db: Kysely<DB> = getDb()): Promise<void> {
  await db
    .updateTable("users")
    .set({ name: profile.name, phone: profile.phone, preferred_locale: profile.preferredLocale, updated_at: new Date() })
    .where("id", "=", userId)
    .execute();
}

export async function setRole(userId: number, role: UserRole, db: Kysely<DB> = getDb()): Promise<void> {
  await db.updateTable("users").set({ role, updated_at: new Date() }).where("id", "=", userId).execute();
}

/** Admins who are not blocked: those who can still manage the portal. */
export async function countAdmins(db: Kysely<DB> = getDb()): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select(sql<number>`count(*)::int`.as("count"))
    .where("role", "=", "admin")
    .where("blocked_at", "is", null)
    .executeTakeFirstOrThrow();
  return row.count;
}

/**
 * Deletes the account and, at once, everything that is the user's: sessions, emailed
 * links, adverts and their images (rows cascade in one transaction; image files are
 * removed after it commits). Staff content they wrote stays, without an author.
 */
export async function deleteAccount(userId: number, where?: ImageStore | string, db: Kysely<DB> = getDb()): Promise<{ images: number }> {
  const images = await db.transaction().execute(async (trx) => {
    // Images a user uploads are theirs (owner_id); shared site images are never touched.
    const owned = await trx.deleteFrom("images").where("owner_id", "=", userId).returning(["key", "variants"]).execute();
    // The address's newsletter subscription, even one made before the account (no user_id to cascade from).
    const gone = await trx.deleteFrom("users").where("id", "=", userId).returning("email").executeTakeFirst();
    if (gone) await deleteSubscriptionOf(gone.email, trx);
    return owned;
  });
  for (const image of images) await removeImageFiles(where, image);
  return { images: images.length };
}
