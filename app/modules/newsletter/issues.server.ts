import { sql, type Kysely } from "kysely";
import { z } from "zod";
import type { DB, NewsletterIssueKind, NewsletterIssueStatus, NewsletterLanguage } from "#db/schema.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { defineJob, enqueue, MAIL_QUEUE } from "#app/platform/jobs/queue.server.ts";
import { siteNameIn } from "#app/platform/mail/compose.server.ts";
import { renderMail } from "#app/platform/mail/template.server.ts";
import { newsletterLink } from "./links.server.ts";
import { issueMail, type IssueMailData } from "./mails/issue.ts";
import { newsletterScanJob, sendIssueMail } from "./send.server.ts";
import type { NewsletterTopic } from "./topics.ts";

// The staff side: one-off issues written in both languages (drafts editable until they go out),
// scheduled or sent now through the scan's batches, a test copy to the writer, and the list of
// every issue with its counts.

export type IssueDraft = {
  subject_uk: string;
  subject_en: string;
  body_uk: string;
  body_en: string;
  topics: NewsletterTopic[] | null;
};

export type IssueRow = {
  id: number;
  kind: NewsletterIssueKind;
  status: NewsletterIssueStatus;
  subject_uk: string;
  subject_en: string;
  periodFrom: Date | null;
  periodTo: Date | null;
  scheduledAt: Date | null;
  sentAt: Date | null;
  sent: number;
  failed: number;
  unsubscribed: number;
};

const date = (value: Date | string | null) => (value === null ? null : new Date(value));

/** Every issue, newest first, with what it sent, its failed attempts and how many recipients left since. */
export async function listIssues(db: Kysely<DB> = getDb()): Promise<IssueRow[]> {
  const rows = await db
    .selectFrom("newsletter_issues as i")
    .select([
      "i.id",
      "i.kind",
      "i.status",
      "i.subject_uk",
      "i.subject_en",
      "i.period_from",
      "i.period_to",
      "i.scheduled_at",
      "i.sent_at",
      "i.failures",
    ])
    .select(sql<number>`(select count(*)::int from newsletter_deliveries d where d.issue_id = i.id and d.sent_at is not null)`.as("sent"))
    .select(
      sql<number>`(select count(*)::int from newsletter_deliveries d join newsletter_subscribers s on s.id = d.subscriber_id
        where d.issue_id = i.id and d.sent_at is not null and s.status = 'unsubscribed' and s.unsubscribed_at >= d.sent_at)`.as(
        "unsubscribed",
      ),
    )
    .orderBy("i.id", "desc")
    .limit(200)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    status: row.status,
    subject_uk: row.subject_uk,
    subject_en: row.subject_en,
    periodFrom: date(row.period_from),
    periodTo: date(row.period_to),
    scheduledAt: date(row.scheduled_at),
    sentAt: date(row.sent_at),
    sent: row.sent,
    failed: row.failures,
    unsubscribed: row.unsubscribed,
  }));
}

export async function subscriberCounts(db: Kysely<DB> = getDb()): Promise<{ confirmed: number; pending: number }> {
  const row = await db
    .selectFrom("newsletter_subscribers")
    .select([
      sql<number>`count(*) filter (where status = 'confirmed')::int`.as("confirmed"),
      sql<number>`count(*) filter (where status = 'pending')::int`.as("pending"),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

export async function findIssue(id: number, db: Kysely<DB> = getDb()) {
  const row = await db
    .selectFrom("newsletter_issues")
    .select(["id", "kind", "status", "subject_uk", "subject_en", "body_uk", "body_en", "topics", "scheduled_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? { ...row, scheduled_at: date(row.scheduled_at) } : null;
}

/** A new draft, or the draft's new text; null when the issue is no longer a draft or scheduled (it went out). */
export async function saveDraft(id: number | null, draft: IssueDraft, userId: number, db: Kysely<DB> = getDb()): Promise<number | null> {
  const values = { ...draft, updated_at: new Date() };
  if (id === null) {
    const row = await db
      .insertInto("newsletter_issues")
      .values({ kind: "manual", status: "draft", created_by: userId, ...values })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const row = await db
    .updateTable("newsletter_issues")
    // Saving a scheduled issue takes it back to a draft: staff schedule it again when it is ready.
    .set({ ...values, status: "draft", scheduled_at: null })
    .where("id", "=", id)
    .where("kind", "=", "manual")
    .where("status", "in", ["draft", "scheduled"])
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Schedules a draft for `at`, or starts sending it now (the scan is asked at once, not at the next minute). */
export async function releaseIssue(id: number, at: Date | null, now = new Date(), db: Kysely<DB> = getDb()): Promise<boolean> {
  const row = await db
    .updateTable("newsletter_issues")
    .set(at ? { status: "scheduled", scheduled_at: at } : { status: "sending", started_at: now, scheduled_at: now })
    .where("id", "=", id)
    .where("kind", "=", "manual")
    .where("status", "in", ["draft", "scheduled"])
    .returning("id")
    .executeTakeFirst();
  if (row && !at) await enqueue(newsletterScanJob, {});
  return row !== undefined;
}

export async function deleteDraft(id: number, db: Kysely<DB> = getDb()): Promise<boolean> {
  const row = await db
    .deleteFrom("newsletter_issues")
    .where("id", "=", id)
    .where("kind", "=", "manual")
    .where("status", "in", ["draft", "scheduled"])
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** The mail's data for a copy nobody subscribed to (preview, test): its links point at the subscription page. */
async function sampleData(draft: IssueDraft, language: NewsletterLanguage): Promise<IssueMailData> {
  const page = newsletterLink("", language);
  return {
    kind: "manual",
    site: await siteNameIn(language),
    subject: { uk: draft.subject_uk, en: draft.subject_en },
    body: { uk: draft.body_uk, en: draft.body_en },
    manage: page,
    unsubscribe: page,
  };
}

/** The issue as each language's subscribers would read it (the mail's text part). */
export async function previewIssue(draft: IssueDraft): Promise<Array<{ language: NewsletterLanguage; subject: string; text: string }>> {
  return Promise.all(
    (["uk", "en"] as const).map(async (language) => {
      const mail = renderMail(issueMail.compose(await sampleData(draft, language), language), language);
      return { language, subject: mail.subject, text: mail.text };
    }),
  );
}

const testPayload = z.object({ issueId: z.number().int(), to: z.email(), language: z.enum(["uk", "en"]) });

/** The test copy: the issue as saved when the job runs, to the staff member who asked. */
async function sendTestCopy(job: z.output<typeof testPayload>): Promise<unknown> {
  const issue = await findIssue(job.issueId);
  if (!issue) return null;
  const topics = issue.topics as NewsletterTopic[] | null;
  await sendIssueMail(job.to, job.language, await sampleData({ ...issue, topics }, job.language));
  return null;
}

export const newsletterTestJob = defineJob({ name: "mail-newsletter-test", schema: testPayload, queue: MAIL_QUEUE, handler: sendTestCopy });

/** Queues a test copy of the saved issue to `to`, in both languages. */
export async function queueTestCopy(issueId: number, to: string): Promise<void> {
  for (const language of ["uk", "en"] as const) await enqueue(newsletterTestJob, { issueId, to, language });
}
