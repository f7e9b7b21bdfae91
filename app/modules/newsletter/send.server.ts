import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { DB } from "#db/schema.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { siteWallClock } from "#app/platform/format/site-zone.ts";
import { defineScanJob } from "#app/platform/jobs/queue.server.ts";
import { sendEachOnce } from "#app/platform/jobs/send-once.server.ts";
import { siteNameIn, unsubscribeHeaders } from "#app/platform/mail/compose.server.ts";
import { sendTemplateMail } from "#app/platform/mail/template.server.ts";
import { getSettings } from "#app/platform/settings/settings.server.ts";
import { digestCatalog, digestSections, type DigestCatalog } from "./digest.server.ts";
import { subscriberLinks } from "./links.server.ts";
import { issueMail, type IssueMailData } from "./mails/issue.ts";
import type { Subscriber } from "./subscribers.server.ts";
import { topicsOf } from "./topics.ts";

// Sending an issue (a weekly digest or a staff one) to its confirmed subscribers, a batch per
// minute at the settings' rate (job `newsletter-scan`). Each (issue, subscriber) is claimed in
// newsletter_deliveries before its mail is sent (sendEachOnce), so scans that overlap, or a
// batch resumed after its process died, send no second copy; a failed send gives the claim
// back. `sent_at` is written once the SMTP server took the mail: a claim still without it after
// CLAIM_LEASE_MS belongs to a batch that died before the server answered, and is taken again
// (docs/adr/0045-newsletter.md).

/** Far longer than one send can take (SMTP timeouts: 10 s to connect, 10 s greeting, 30 s per step). */
export const CLAIM_LEASE_MS = 5 * 60 * 1000;

type Issue = {
  id: number;
  kind: "digest" | "manual";
  subject_uk: string;
  subject_en: string;
  body_uk: string;
  body_en: string;
  topics: string[] | null;
  period_from: Date | string | null;
  period_to: Date | string | null;
};

type Recipient = Subscriber & { claimed: boolean };

/** Confirmed subscribers the issue has not reached: no claim yet, or a claim left unsent past the lease. */
function pendingRecipients(db: Kysely<DB>, issue: Issue, now: Date) {
  let query = db
    .selectFrom("newsletter_subscribers as s")
    .leftJoin("newsletter_deliveries as d", (join) => join.onRef("d.subscriber_id", "=", "s.id").on("d.issue_id", "=", issue.id))
    .where("s.status", "=", "confirmed")
    .where((eb) =>
      eb.or([
        eb("d.issue_id", "is", null),
        eb.and([
          eb("d.sent_at", "is", null),
          eb("d.skipped", "=", false),
          eb("d.claimed_at", "<", new Date(now.getTime() - CLAIM_LEASE_MS)),
        ]),
      ]),
    );
  if (issue.kind === "digest") query = query.where(sql<boolean>`cardinality(s.topics) > 0`);
  else if (issue.topics) query = query.where(sql<boolean>`s.topics && ${sql.val(issue.topics)}::text[]`);
  return query;
}

async function mailFor(
  issue: Issue,
  subscriber: Subscriber,
  catalog: DigestCatalog | null,
  sites: Record<Subscriber["language"], string>,
): Promise<IssueMailData | null> {
  const language = subscriber.language;
  const links = subscriberLinks(subscriber.id, language);
  const site = sites[language];
  if (issue.kind === "digest") {
    const sections = digestSections(catalog!, subscriber);
    return sections.length ? { kind: "digest", site, sections, ...links } : null;
  }
  const subject = { uk: issue.subject_uk, en: issue.subject_en };
  return { kind: "manual", site, subject, body: { uk: issue.body_uk, en: issue.body_en }, ...links };
}

/** Sends one subscriber's copy of an issue (the composer's test send uses it with the staff member's address). */
export async function sendIssueMail(to: string, language: Subscriber["language"], data: IssueMailData, bulk = false): Promise<void> {
  await sendTemplateMail(issueMail, data, {
    to,
    language,
    fromName: data.site,
    headers: unsubscribeHeaders(data.unsubscribe),
    link: data.manage,
    bulk,
  });
}

/**
 * One batch of an issue: up to `limit` subscribers claimed and mailed. Returns how many mails went
 * out and whether the issue is done (then marked sent).
 */
export async function sendIssueBatch(
  issueId: number,
  { limit, now = new Date(), db = getDb() }: { limit: number; now?: Date; db?: Kysely<DB> },
): Promise<{ sent: number; done: boolean }> {
  const issue = await db
    .selectFrom("newsletter_issues")
    .select(["id", "kind", "subject_uk", "subject_en", "body_uk", "body_en", "topics", "period_from", "period_to", "status"])
    .where("id", "=", issueId)
    .executeTakeFirst();
  if (!issue || issue.status !== "sending") return { sent: 0, done: true };
  const rows = await pendingRecipients(db, issue, now)
    .select(["s.id", "s.email", "s.status", "s.topics", "s.language", "s.advert_category_id"])
    .select(sql<boolean>`d.issue_id is not null`.as("claimed"))
    .orderBy("s.id")
    .limit(limit)
    .execute();
  const recipients: Recipient[] = rows.map((row) => ({
    id: row.id,
    email: row.email,
    status: row.status,
    topics: topicsOf(row.topics),
    language: row.language,
    advertCategory: row.advert_category_id,
    claimed: row.claimed,
  }));
  const catalog =
    issue.kind === "digest" ? await digestCatalog(new Date(issue.period_from ?? 0), new Date(issue.period_to ?? now), db) : null;
  const sites = { uk: await siteNameIn("uk"), en: await siteNameIn("en") };
  const run = randomUUID();
  const stale = new Date(now.getTime() - CLAIM_LEASE_MS);
  let sent = 0;
  await sendEachOnce(recipients, {
    claim: async (recipient) =>
      (await db
        .insertInto("newsletter_deliveries")
        .values({ issue_id: issue.id, subscriber_id: recipient.id, claim: run, claimed_at: now })
        .onConflict((oc) =>
          oc
            .columns(["issue_id", "subscriber_id"])
            .doUpdateSet({ claim: run, claimed_at: now })
            .where("newsletter_deliveries.sent_at", "is", null)
            .where("newsletter_deliveries.skipped", "=", false)
            .where("newsletter_deliveries.claimed_at", "<", stale),
        )
        .returning("issue_id")
        .executeTakeFirst()) !== undefined,
    send: async (recipient) => {
      const data = await mailFor(issue, recipient, catalog, sites);
      if (data) await sendIssueMail(recipient.email, recipient.language, data, true);
      if (data) sent++;
      await db
        .updateTable("newsletter_deliveries")
        .set(data ? { sent_at: new Date() } : { skipped: true })
        .where("issue_id", "=", issue.id)
        .where("subscriber_id", "=", recipient.id)
        .where("claim", "=", run)
        .execute();
    },
    release: async (recipient) => {
      await db
        .deleteFrom("newsletter_deliveries")
        .where("issue_id", "=", issue.id)
        .where("subscriber_id", "=", recipient.id)
        .where("claim", "=", run)
        .where("sent_at", "is", null)
        .execute();
      await db
        .updateTable("newsletter_issues")
        .set({ failures: sql`failures + 1` })
        .where("id", "=", issue.id)
        .execute();
    },
    what: "newsletter mail",
    describe: (recipient) => ({ issueId: issue.id, subscriberId: recipient.id }),
  });
  // Done when nobody is left: not even a claim of a batch still running (it may yet fail and come back).
  const left = await db
    .selectFrom("newsletter_subscribers as s")
    .leftJoin("newsletter_deliveries as d", (join) => join.onRef("d.subscriber_id", "=", "s.id").on("d.issue_id", "=", issue.id))
    .select(sql<number>`count(*)::int`.as("n"))
    .where("s.status", "=", "confirmed")
    .where((eb) => eb.or([eb("d.issue_id", "is", null), eb.and([eb("d.sent_at", "is", null), eb("d.skipped", "=", false)])]))
    .where(
      issue.kind === "digest"
        ? sql<boolean>`cardinality(s.topics) > 0`
        : issue.topics
          ? sql<boolean>`s.topics && ${sql.val(issue.topics)}::text[]`
          : sql<boolean>`true`,
    )
    .executeTakeFirstOrThrow();
  if (left.n > 0) return { sent, done: false };
  await db
    .updateTable("newsletter_issues")
    .set({ status: "sent", sent_at: new Date() })
    .where("id", "=", issue.id)
    .where("status", "=", "sending")
    .execute();
  return { sent, done: true };
}

/** The site's weekday (0 is Sunday), time ("HH:MM") and day of `now`. */
export function siteClock(now: Date): { weekday: number; time: string; day: string } {
  const p = siteWallClock(now);
  const weekday = new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day))).getUTCDay();
  return { weekday, time: `${p.hour}:${p.minute}`, day: `${p.year}-${p.month}-${p.day}` };
}

/** This week's digest, made once its day and time (site time) have come: what was published since the last one. */
export async function startDueDigest(now: Date, db: Kysely<DB> = getDb()): Promise<number | null> {
  const settings = await getSettings();
  const clock = siteClock(now);
  if (clock.weekday !== settings.newsletter_day || clock.time < settings.newsletter_time) return null;
  const last = await db
    .selectFrom("newsletter_issues")
    .select(["period_to", "created_at"])
    .where("kind", "=", "digest")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (last && siteClock(new Date(last.created_at)).day === clock.day) return null;
  const from = last?.period_to ? new Date(last.period_to) : new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
  const row = await db
    .insertInto("newsletter_issues")
    .values({ kind: "digest", status: "sending", period_from: from, period_to: now, started_at: now, created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One minute's work: the digest when due, scheduled issues whose time came, then a batch of every issue being sent, `newsletter_rate` mails in all. */
export async function runNewsletterScan(now = new Date(), db: Kysely<DB> = getDb()): Promise<number> {
  await startDueDigest(now, db);
  await db
    .updateTable("newsletter_issues")
    .set({ status: "sending", started_at: now })
    .where("status", "=", "scheduled")
    .where("scheduled_at", "<=", now)
    .execute();
  const sending = await db.selectFrom("newsletter_issues").select("id").where("status", "=", "sending").orderBy("id").execute();
  let budget = (await getSettings()).newsletter_rate;
  let sent = 0;
  for (const { id } of sending) {
    if (budget <= 0) break;
    const batch = await sendIssueBatch(id, { limit: budget, now, db });
    budget -= batch.sent;
    sent += batch.sent;
  }
  return sent;
}

/** Every minute: digests, scheduled issues and the batches (one scan at a time across all processes). */
export const newsletterScanJob = defineScanJob({ name: "newsletter-scan", schedule: { cron: "* * * * *" }, scan: runNewsletterScan });
