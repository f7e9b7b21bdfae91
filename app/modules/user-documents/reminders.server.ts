import { sql, type Kysely } from "kysely";
import { languageOf, localizePath } from "#app/i18n/locales.ts";
import type { DB, Locale, UserDocumentKind } from "#db/schema.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { formatLongDate, siteDay } from "#app/platform/format/dates.ts";
import { defineScanJob } from "#app/platform/jobs/queue.server.ts";
import { sendEachOnce } from "#app/platform/jobs/send-once.server.ts";
import { siteNameIn } from "#app/platform/mail/compose.server.ts";
import { sendTemplateMail } from "#app/platform/mail/template.server.ts";
import { queuePush } from "#app/modules/push/send.server.ts";
import { dayOf } from "./documents.server.ts";
import { daysBetween, REMINDER_THRESHOLDS } from "./limits.ts";
import { documentReminderMail } from "./mails/expiry-reminder.ts";

// Reminders before a user's document expires, at the thresholds the user chose (90, 30 and 7
// days by default). A document is due at the smallest chosen threshold its days left have
// reached; that reminder is claimed in user_document_reminders before it is sent, so it goes
// once however often the scan runs, and a document added 5 days before its expiry gets one
// mail (the 7-day one), not three. Only verified, unblocked users are mailed.

/** The services category of lawyers and paperwork, when the site has it (scripts/seed/taxonomy.ts). */
const LAWYERS_CATEGORY = "yurysty";
const LOOKAHEAD_DAYS = Math.max(...REMINDER_THRESHOLDS);

type DueReminder = {
  documentId: number;
  userId: number;
  threshold: number;
  daysLeft: number;
  expiresOn: string;
  kind: UserDocumentKind;
  label: string | null;
  email: string;
  name: string;
  locale: Locale;
};

/** The reminders due on the site's day of `now`, one per document at most. */
async function dueDocumentReminders(db: Kysely<DB>, now: Date): Promise<DueReminder[]> {
  const today = siteDay(now);
  const last = new Date(Date.parse(`${today}T00:00:00Z`) + LOOKAHEAD_DAYS * 86_400_000).toISOString().slice(0, 10);
  const rows = await db
    .selectFrom("user_documents as d")
    .innerJoin("users as u", "u.id", "d.user_id")
    .select([
      "d.id",
      "d.user_id",
      "d.kind",
      "d.label",
      "d.expires_on",
      "u.email",
      "u.name",
      "u.preferred_locale",
      "u.document_reminder_days",
    ])
    .select((eb) =>
      eb
        .selectFrom("user_document_reminders as r")
        .select((r) => r.fn.agg<number[]>("array_agg", ["r.threshold_days"]).as("sent"))
        .whereRef("r.document_id", "=", "d.id")
        .as("sent"),
    )
    .where("d.expires_on", ">=", sql<Date>`cast(${today} as date)`)
    .where("d.expires_on", "<=", sql<Date>`cast(${last} as date)`)
    .where("u.email_verified_at", "is not", null)
    .where("u.blocked_at", "is", null)
    .orderBy("d.expires_on")
    .orderBy("d.id")
    .execute();
  const due: DueReminder[] = [];
  for (const row of rows) {
    const expiresOn = dayOf(row.expires_on);
    const daysLeft = daysBetween(today, expiresOn);
    const reached = row.document_reminder_days.filter((days) => daysLeft <= days);
    if (reached.length === 0) continue;
    const threshold = Math.min(...reached);
    if ((row.sent ?? []).includes(threshold)) continue;
    due.push({
      documentId: row.id,
      userId: row.user_id,
      threshold,
      daysLeft,
      expiresOn,
      kind: row.kind,
      label: row.label,
      email: row.email,
      name: row.name,
      locale: row.preferred_locale,
    });
  }
  return due;
}

function link(locale: Locale, path: string): string {
  return new URL(localizePath(path, locale), publicOrigin()).href;
}

async function sendReminder(db: Kysely<DB>, due: DueReminder, servicesPath: string): Promise<void> {
  const language = languageOf(due.locale);
  const site = await siteNameIn(language);
  const data = {
    name: due.name || due.email,
    site,
    kind: due.kind,
    label: due.label,
    date: formatLongDate(new Date(`${due.expiresOn}T12:00:00Z`), language),
    daysLeft: due.daysLeft,
    guides: link(due.locale, "/dovidnyk?topic=documents"),
    services: link(due.locale, servicesPath),
    settings: link(due.locale, "/cabinet/documents"),
  };
  // Before the mail: a failed mail gives the claim back, and the next scan's push (same key) reaches no device twice.
  await queuePush({
    userId: due.userId,
    kind: "document",
    path: "/cabinet/documents",
    key: `document:${due.documentId}:${due.threshold}`,
  });
  await sendTemplateMail(documentReminderMail, data, { to: due.email, language, link: data.settings, fromName: site });
}

/** One pass: each due reminder claimed, then sent; a failed send gives its claim back. */
export async function sendDocumentReminders(now = new Date(), db: Kysely<DB> = getDb()): Promise<number> {
  const due = await dueDocumentReminders(db, now);
  if (due.length === 0) return 0;
  const lawyers = await db
    .selectFrom("categories")
    .select("slug")
    .where("kind", "=", "service")
    .where("slug", "=", LAWYERS_CATEGORY)
    .executeTakeFirst();
  const servicesPath = lawyers ? `/services/category/${lawyers.slug}` : "/services";
  return sendEachOnce(due, {
    claim: async (item) => {
      const row = await db
        .insertInto("user_document_reminders")
        .values({ document_id: item.documentId, threshold_days: item.threshold, sent_at: now })
        .onConflict((oc) => oc.columns(["document_id", "threshold_days"]).doNothing())
        .returning("document_id")
        .executeTakeFirst();
      return row !== undefined;
    },
    send: (item) => sendReminder(db, item, servicesPath),
    release: (item) =>
      db
        .deleteFrom("user_document_reminders")
        .where("document_id", "=", item.documentId)
        .where("threshold_days", "=", item.threshold)
        .execute(),
    what: "document reminder",
    describe: (item) => ({ documentId: item.documentId, threshold: item.threshold }),
  });
}

/** Hourly: the reminders before users' documents expire. */
export const documentRemindersJob = defineScanJob({
  name: "document-reminders",
  schedule: { cron: "23 * * * *", atStart: true },
  scan: sendDocumentReminders,
});
