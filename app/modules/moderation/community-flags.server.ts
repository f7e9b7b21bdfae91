import { sql, type Transaction } from "kysely";
import { z } from "zod";
import type { DB } from "#db/schema.ts";
import { languageOf, localizePath } from "#app/i18n/locales.ts";
import { moveAdverts } from "#app/modules/adverts/lifecycle.server.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { defineJob, enqueue, MAIL_QUEUE } from "#app/platform/jobs/queue.server.ts";
import { siteNameIn } from "#app/platform/mail/compose.server.ts";
import type { SentMail } from "#app/platform/mail/mailer.server.ts";
import { sendTemplateMail } from "#app/platform/mail/template.server.ts";
import { advertHeldMail } from "./mails/advert-held.ts";
import { advertOwner } from "./mail.server.ts";

// Community flags: when enough distinct accounts with a verified email (the settings'
// flag_hold_threshold, 0 turns it off) report one live advert within FLAG_WINDOW_HOURS, the
// "community" moves it to the moderation status (the lifecycle table's `hold`), and its owner is
// mailed why. Anonymous and unverified reports, the owner's own and the blocked accounts' still
// reach the reports queue but never count; one account's several reports count once. Staff
// restore it or remove it from the reports queue (reports.server.ts); closing the reports
// starts the count again.
//
// Parallel reports: each report is stored (committed) before its check, and the check locks
// the advert's row, so the checks run one after another and the last one sees every report.

const FLAG_WINDOW_HOURS = 24;
const HOUR_MS = 60 * 60 * 1000;

/** The distinct verified accounts (other than the owner) behind the advert's open reports of the window. */
async function flaggers(trx: Transaction<DB>, advertId: number, ownerId: number, now: Date): Promise<number> {
  const since = new Date(now.getTime() - FLAG_WINDOW_HOURS * HOUR_MS);
  const row = await trx
    .selectFrom("reports as r")
    .innerJoin("users as u", "u.id", "r.reporter_id")
    .select(sql<number>`count(distinct r.reporter_id)::int`.as("n"))
    .where("r.target_type", "=", "advertisement")
    .where("r.target_id", "=", advertId)
    .where("r.status", "=", "open")
    .where("r.created_at", ">", since)
    .where("u.email_verified_at", "is not", null)
    .where("u.blocked_at", "is", null)
    .where("u.id", "<>", ownerId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * After a report on an advert: hides it pending review when enough verified accounts reported
 * it, records it in the audit log (no actor: the community) and queues the owner's mail.
 * Returns whether it was hidden now.
 */
export async function holdIfFlagged(advertId: number, now = new Date()): Promise<boolean> {
  const held = await getDb()
    .transaction()
    .execute(async (trx) => {
      const settings = await trx.selectFrom("settings").select("flag_hold_threshold").where("id", "=", 1).executeTakeFirst();
      const threshold = settings?.flag_hold_threshold ?? 0;
      if (threshold <= 0) return false;
      const advert = await trx
        .selectFrom("advertisements")
        .select(["id", "owner_id", "status"])
        .where("id", "=", advertId)
        .where("deleted_at", "is", null)
        .forUpdate()
        .executeTakeFirst();
      if (!advert || advert.status !== "published") return false;
      const count = await flaggers(trx, advertId, advert.owner_id, now);
      if (count < threshold) return false;
      const [moved] = await moveAdverts(trx, [advertId], "hold", "community", { now });
      if (!moved) return false;
      await recordAudit(trx, {
        actorId: null,
        action: "hold",
        entityType: "advertisements",
        entityId: advertId,
        before: { status: moved.from },
        after: { status: moved.to, reporters: count },
      });
      return true;
    });
  if (held) await enqueue(advertHeldMailJob, { advertId, origin: publicOrigin() });
  return held;
}

const heldMailPayload = z.object({ advertId: z.number().int(), origin: z.url() });

/** The job: the owner's mail, or null when the advert or its owner is gone. */
async function sendHeldMail(job: z.output<typeof heldMailPayload>): Promise<SentMail | null> {
  const owner = await advertOwner(job.advertId);
  if (!owner) return null;
  const language = languageOf(owner.preferred_locale);
  const site = await siteNameIn(language);
  const link = new URL(localizePath("/cabinet/advertisement", owner.preferred_locale), job.origin).href;
  const data = { name: owner.name || owner.email, site, title: owner.title, link };
  return sendTemplateMail(advertHeldMail, data, { to: owner.email, language, link, fromName: site });
}

export const advertHeldMailJob = defineJob({
  name: "mail-advert-held",
  schema: heldMailPayload,
  queue: MAIL_QUEUE,
  handler: sendHeldMail,
});
