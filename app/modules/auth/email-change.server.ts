import { sql, type Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "#db/schema.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { isUniqueViolation } from "#app/platform/http/unique-violation.ts";
import { defineJob, enqueue, MAIL_QUEUE } from "#app/platform/jobs/queue.server.ts";
import type { SentMail } from "#app/platform/mail/mailer.server.ts";
import { getCachedSettings } from "#app/platform/settings/settings.server.ts";
import { emailDomainBlocked } from "./email-domains.ts";
import { sendLinkMail } from "./link-mail.server.ts";
import { emailChangeMail } from "./mails/email-change.ts";
import { hashToken } from "./secrets.server.ts";
import { queueSecurityMail } from "./security-mail.server.ts";
import { consumeIssuedToken, issueToken } from "./tokens.server.ts";
import { findUserByEmail, findUserById } from "./users.server.ts";

// Changing the account's email address. The request (with the password) only records the
// new address as pending and mails it a link; the account keeps its address until that link is
// opened and its page's button posted, which proves the new mailbox. Then the old address gets
// the "email changed" security mail, whose "this wasn't me" gives the old address back
// (not-me.server.ts). Sessions stay: the owner changed their own address.

/** How long a request (and its link) stays usable. */
export const EMAIL_CHANGE_HOURS = 24;
const HOUR = 60 * 60 * 1000;

const normal = (email: string) => email.trim().toLowerCase();

export type EmailChangeRequest = { status: "queued"; email: string } | { status: "same" | "taken" | "blocked" };

/**
 * Records `newEmail` as the account's pending address (replacing an earlier one, whose link
 * then stops working) and queues the link to it. "same", "taken" and "blocked" (a domain on the
 * settings' blocked list) change nothing.
 */
export async function requestEmailChange(userId: number, newEmail: string, origin: string, now = new Date()): Promise<EmailChangeRequest> {
  const email = normal(newEmail);
  const user = await findUserById(userId);
  if (!user) return { status: "taken" };
  if (normal(user.email) === email) return { status: "same" };
  if (emailDomainBlocked(email, (await getCachedSettings()).blocked_email_domains)) return { status: "blocked" };
  const holder = await findUserByEmail(email);
  if (holder && holder.id !== userId) return { status: "taken" };
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx.updateTable("users").set({ pending_email: email, pending_email_at: now }).where("id", "=", userId).execute();
      await spendLinks(trx, userId, now);
    });
  await enqueue(emailChangeJob, { userId, email, origin });
  return { status: "queued", email };
}

/** The pending new address and when it was asked for; null when there is none or it has expired. */
export async function pendingEmailChange(userId: number, now = new Date()): Promise<{ email: string; requestedAt: Date } | null> {
  const row = await getDb().selectFrom("users").select(["pending_email", "pending_email_at"]).where("id", "=", userId).executeTakeFirst();
  if (!row?.pending_email || !row.pending_email_at) return null;
  const requestedAt = new Date(row.pending_email_at);
  if (now.getTime() - requestedAt.getTime() >= EMAIL_CHANGE_HOURS * HOUR) return null;
  return { email: row.pending_email, requestedAt };
}

/** Drops the pending address; its link stops working. */
export async function cancelEmailChange(userId: number, now = new Date()): Promise<void> {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx.updateTable("users").set({ pending_email: null, pending_email_at: null }).where("id", "=", userId).execute();
      await spendLinks(trx, userId, now);
    });
}

async function spendLinks(db: Kysely<DB>, userId: number, now: Date): Promise<void> {
  await db
    .updateTable("auth_tokens")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("purpose", "=", "change_email")
    .where("used_at", "is", null)
    .execute();
}

/** The new address a usable link (`?token=`) would confirm; null for a spent, expired, replaced or unknown one. */
export async function emailChangeLinkAddress(token: string, now = new Date()): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const row = await getDb()
    .selectFrom("auth_tokens")
    .innerJoin("users", "users.id", "auth_tokens.user_id")
    .select(["auth_tokens.email", "users.pending_email"])
    .where("auth_tokens.token_hash", "=", hashToken(token))
    .where("auth_tokens.purpose", "=", "change_email")
    .where("auth_tokens.used_at", "is", null)
    .where("auth_tokens.expires_at", ">", now)
    .executeTakeFirst();
  return row?.email && row.email === row.pending_email ? row.email : null;
}

export type EmailChangeOutcome =
  { status: "changed"; userId: number; oldEmail: string; newEmail: string } | { status: "invalid" | "taken" };

class AddressTaken extends Error {}

/**
 * Spends the link and makes its address the account's (verified); the old address gets the
 * security mail. An address another account took meanwhile changes nothing, and the link
 * stays usable (the other account may give it up). Spent, expired, replaced or cancelled: "invalid".
 */
export async function confirmEmailChange(token: string, now = new Date()): Promise<EmailChangeOutcome> {
  let outcome: EmailChangeOutcome;
  try {
    outcome = await getDb()
      .transaction()
      .execute(async (trx): Promise<EmailChangeOutcome> => {
        const spent = await consumeIssuedToken(token, "change_email", now, trx);
        if (!spent?.email) return { status: "invalid" };
        const user = await trx
          .selectFrom("users")
          .select(["id", "email", "pending_email", "blocked_at"])
          .where("id", "=", spent.userId)
          .forUpdate()
          .executeTakeFirst();
        if (!user || user.blocked_at || user.pending_email !== spent.email) return { status: "invalid" };
        const holder = await trx
          .selectFrom("users")
          .select("id")
          .where(sql<string>`lower(email)`, "=", spent.email)
          .where("id", "!=", user.id)
          .executeTakeFirst();
        if (holder) throw new AddressTaken();
        await trx
          .updateTable("users")
          .set({ email: spent.email, email_verified_at: now, pending_email: null, pending_email_at: null, updated_at: now })
          .where("id", "=", user.id)
          .execute();
        await recordAudit(trx, {
          actorId: user.id,
          action: "update",
          entityType: "user",
          entityId: user.id,
          before: { email: user.email },
          after: { email: spent.email },
        });
        return { status: "changed", userId: user.id, oldEmail: user.email, newEmail: spent.email };
      });
  } catch (error) {
    // Rolled back: the link is not spent and the account keeps its address.
    if (error instanceof AddressTaken || isUniqueViolation(error)) return { status: "taken" };
    throw error;
  }
  if (outcome.status === "changed") await queueSecurityMail({ userId: outcome.userId, event: "email-changed", to: outcome.oldEmail });
  return outcome;
}

/**
 * "This wasn't me" from the old address: it becomes the account's address again (verified, it
 * got the mail), unless another account holds it by now; a pending change is dropped either way.
 */
export async function restoreEmail(userId: number, oldEmail: string, now = new Date()): Promise<boolean> {
  const email = normal(oldEmail);
  try {
    return await getDb()
      .transaction()
      .execute(async (trx) => {
        const user = await trx.selectFrom("users").select(["id", "email"]).where("id", "=", userId).forUpdate().executeTakeFirst();
        if (!user) return false;
        await trx.updateTable("users").set({ pending_email: null, pending_email_at: null }).where("id", "=", userId).execute();
        await spendLinks(trx, userId, now);
        if (normal(user.email) === email) return true;
        const holder = await trx
          .selectFrom("users")
          .select("id")
          .where(sql<string>`lower(email)`, "=", email)
          .where("id", "!=", userId)
          .executeTakeFirst();
        if (holder) return false;
        await trx.updateTable("users").set({ email, email_verified_at: now, updated_at: now }).where("id", "=", userId).execute();
        await recordAudit(trx, {
          actorId: userId,
          action: "update",
          entityType: "user",
          entityId: userId,
          before: { email: user.email },
          after: { email },
        });
        return true;
      });
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** The job: the link to the new address, in the owner's language, while that address is still the pending one. */
async function sendEmailChangeMail(job: { userId: number; email: string; origin: string }): Promise<SentMail | null> {
  const user = await findUserById(job.userId);
  // Replaced, cancelled or done meanwhile, or the account is gone or blocked: nothing to send.
  if (!user || user.blocked_at || user.pending_email !== job.email) return null;
  const token = await issueToken(user.id, "change_email", new Date(), null, getDb(), job.email);
  return sendLinkMail(emailChangeMail, user, { origin: job.origin, path: "/change-email", token, to: job.email });
}

export const emailChangeJob = defineJob({
  name: "mail-email-change",
  schema: z.object({ userId: z.number().int(), email: z.string(), origin: z.url() }),
  queue: MAIL_QUEUE,
  handler: sendEmailChangeMail,
});
