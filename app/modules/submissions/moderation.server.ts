import { sql, type Transaction } from "kysely";
import type { DB, UserRole } from "#db/schema.ts";
import { can } from "#app/modules/auth/access.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { registryDb } from "#app/modules/staff-content/tables.server.ts";
import { excerpt, stripHtml } from "#app/platform/format/text.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { enqueue } from "#app/platform/jobs/queue.server.ts";
import { submissionMailJob } from "./mail.server.ts";
import { headingFields, isSubmissionType, SUBMISSION_TYPES, type SubmissionType } from "./forms.ts";

// The users' submissions waiting in the moderation queue beside the adverts, and the staff's
// decision: approving publishes the row as it stands (staff may edit it first in the
// dashboard), rejecting keeps it a draft with the reason. Either way the submitter is mailed.

export type PendingSubmission = {
  type: SubmissionType;
  id: number;
  title: string;
  text: string;
  submitter: string;
  submittedAt: Date;
};

/** The types whose submissions `role` may decide (its `<type>.manage`). */
export function decidableTypes(role: UserRole): SubmissionType[] {
  return SUBMISSION_TYPES.filter((type) => can(role, `${type}.manage`));
}

export async function pendingSubmissions(types: readonly SubmissionType[], limit = 50): Promise<PendingSubmission[]> {
  const lists = await Promise.all(
    types.map(async (type) => {
      // The heading's column differs by type: the registry's view of the tables names columns at run time.
      const rows = (await registryDb(getDb())
        .selectFrom(`${type} as s`)
        .leftJoin("users as u", "u.id", "s.submitted_by")
        .select(["s.id", `s.${headingFields(type).uk} as title`, "s.description_uk as text", "s.created_at", "u.email", "u.name"])
        .where("s.submission_state", "=", "pending")
        .where("s.deleted_at", "is", null)
        .orderBy("s.created_at", "asc")
        .limit(limit)
        .execute()) as Array<{ id: number; title: string; text: string; created_at: Date; email: string | null; name: string | null }>;
      return rows.map((row) => ({
        type,
        id: row.id,
        title: row.title,
        text: excerpt(stripHtml(row.text), 400),
        submitter: row.email ? (row.name ? `${row.name} (${row.email})` : row.email) : "—",
        submittedAt: new Date(row.created_at),
      }));
    }),
  );
  // Oldest first, as with adverts: whoever waited longest is looked at first.
  return lists
    .flat()
    .sort((a, b) => a.submittedAt.getTime() - b.submittedAt.getTime())
    .slice(0, limit);
}

/** How many submissions of these types wait (dashboard home). */
export async function pendingSubmissionCount(types: readonly SubmissionType[]): Promise<number> {
  const counts = await Promise.all(
    types.map(async (type) => {
      const row = await getDb()
        .selectFrom(type)
        .select(sql<number>`count(*)::int`.as("count"))
        .where("submission_state", "=", "pending")
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    }),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

export type SubmissionDecision = { intent: "approve" } | { intent: "reject"; reason: string };

/** Decides a pending submission; false when it is not pending any more (decided, trashed, gone). */
export async function decideSubmission(
  type: SubmissionType,
  id: number,
  decision: SubmissionDecision,
  actorId: number,
  origin: string,
): Promise<boolean> {
  const decided = await getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .selectFrom(type)
        .select(["id", "status", "published_at"])
        .where("id", "=", id)
        .where("submission_state", "=", "pending")
        .where("deleted_at", "is", null)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return false;
      const after =
        decision.intent === "approve"
          ? { status: "published" as const, submission_state: "approved" as const, rejection_reason: null }
          : { status: "draft" as const, submission_state: "rejected" as const, rejection_reason: decision.reason };
      await trx
        .updateTable(type)
        .set({
          ...after,
          published_at: decision.intent === "approve" ? sql`coalesce(published_at, now())` : row.published_at,
          version: sql`version + 1`,
          updated_at: sql`now()`,
        })
        .where("id", "=", id)
        .execute();
      await recordAudit(trx, {
        actorId,
        action: decision.intent,
        entityType: type,
        entityId: id,
        before: { status: row.status, submission_state: "pending" },
        after,
      });
      return true;
    });
  if (decided)
    await queueDecisionMail(
      type,
      id,
      decision.intent === "approve" ? "approved" : "rejected",
      decision.intent === "reject" ? decision.reason : null,
      origin,
    );
  return decided;
}

async function queueDecisionMail(
  type: SubmissionType,
  id: number,
  outcome: "approved" | "rejected",
  reason: string | null,
  origin = publicOrigin(),
): Promise<void> {
  await enqueue(submissionMailJob, { type, id, outcome, reason, origin });
}

export type ApprovedByPublishing = { type: SubmissionType; ids: number[] };

/**
 * Staff may publish a waiting submission without the queue (the list's publish, the edit
 * form's status): publishing it is approving it. Run in the publishing transaction; the
 * sender's mail goes after it commits (`tellApprovedByPublishing`).
 */
export async function approveIfPublished(
  trx: Transaction<DB>,
  table: string,
  ids: readonly number[],
): Promise<ApprovedByPublishing | null> {
  if (!isSubmissionType(table) || ids.length === 0) return null;
  const rows = await trx
    .updateTable(table)
    .set({ submission_state: "approved", rejection_reason: null })
    .where("id", "in", [...ids])
    .where("submission_state", "=", "pending")
    .where("status", "=", "published")
    .returning("id")
    .execute();
  return rows.length ? { type: table, ids: rows.map((row) => row.id) } : null;
}

export async function tellApprovedByPublishing(approved: ApprovedByPublishing | null): Promise<void> {
  for (const id of approved?.ids ?? []) await queueDecisionMail(approved!.type, id, "approved", null);
}
