import { sql } from "kysely";
import {
  REPORT_TARGET_TYPES,
  type ConversationEvidence,
  type ReportReason,
  type ReportTargetType,
  type StoredReportTarget,
} from "#db/schema.ts";
import { recordAudit } from "#app/modules/audit/audit.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { registryDb } from "#app/modules/staff-content/tables.server.ts";
import { reportTargetSpec } from "#app/modules/staff-content/types.ts";
import { moveAdverts } from "#app/modules/adverts/lifecycle.server.ts";
import { removeRating } from "#app/modules/ratings/ratings.server.ts";
import { refreshTrustStats } from "#app/modules/ratings/trust-stats.server.ts";
import { queueModerationMail, type AdvertOwnerMail } from "./mail.server.ts";

// Visitors' reports, grouped by what they are about: how many, for which reasons, what
// they wrote. Staff resolve them, dismiss them, or hide the target (unpublish it) and
// resolve them in one step. An advert the community hid pending review (community-flags.server.ts)
// is restored (live again, the reports dismissed) or removed (hidden) here. Every report
// changed gets an audit entry.

export const REPORT_DECISIONS = ["resolve", "dismiss", "hide", "restore"] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

export type ReportGroup = {
  targetType: StoredReportTarget;
  targetId: number;
  title: string | null;
  slug: string | null;
  status: string | null;
  /** An advert waiting for review (hidden after reports, or sent to moderation): staff restore or remove it. */
  held: boolean;
  count: number;
  reasons: Array<{ reason: ReportReason; count: number }>;
  messages: Array<{ reason: ReportReason; message: string; at: Date }>;
  latest: Date;
  /** A reported conversation's messages, from its newest report. */
  evidence: ConversationEvidence | null;
};

export async function openReportGroups(limit = 50): Promise<{ groups: ReportGroup[]; total: number }> {
  const db = getDb();
  const { rows } = await sql<{
    target_type: StoredReportTarget;
    target_id: number;
    count: number;
    latest: Date;
    reasons: Record<string, number>;
    messages: Array<{ reason: ReportReason; message: string; at: string }>;
    evidence: ConversationEvidence | null;
  }>`
    select target_type, target_id, count(*)::int as count, max(created_at) as latest,
      (select json_object_agg(reason, n) from (select reason, count(*)::int as n from reports r2
        where r2.status = 'open' and r2.target_type = r.target_type and r2.target_id = r.target_id group by reason) counts) as reasons,
      (select coalesce(json_agg(json_build_object('reason', reason, 'message', message, 'at', created_at) order by created_at desc), '[]'::json)
        from (select reason, message, created_at from reports r3 where r3.status = 'open' and r3.target_type = r.target_type
          and r3.target_id = r.target_id and r3.message <> '' order by created_at desc limit 5) recent) as messages,
      (select r4.evidence from reports r4 where r4.status = 'open' and r4.target_type = r.target_type and r4.target_id = r.target_id
        and r4.evidence is not null order by r4.created_at desc limit 1) as evidence
    from reports r where status = 'open'
    group by target_type, target_id
    order by count(*) desc, max(created_at) desc
    limit ${limit}`.execute(db);
  const total = await db
    .selectFrom("reports")
    .select(sql<number>`count(distinct (target_type, target_id))::int`.as("n"))
    .where("status", "=", "open")
    .executeTakeFirst();
  const targets = await targetInfo(
    rows.flatMap((row) =>
      row.target_type === "conversation" || row.target_type === "rating" ? [] : [{ type: row.target_type, id: row.target_id }],
    ),
  );
  return {
    total: Number(total?.n ?? 0),
    groups: rows.map((row) => {
      const target = targets.get(`${row.target_type}:${row.target_id}`);
      return {
        targetType: row.target_type,
        targetId: row.target_id,
        title: target?.title ?? row.evidence?.advertTitle ?? null,
        slug: target?.slug ?? null,
        status: target ? (target.deleted ? "deleted" : target.status) : null,
        held: row.target_type === "advertisement" && target?.status === "pending" && !target.deleted,
        count: Number(row.count),
        latest: new Date(row.latest),
        reasons: Object.entries(row.reasons ?? {})
          .map(([reason, count]) => ({ reason: reason as ReportReason, count: Number(count) }))
          .sort((a, b) => b.count - a.count),
        messages: (row.messages ?? []).map((message) => ({ ...message, at: new Date(message.at) })),
        evidence: row.evidence ?? null,
      };
    }),
  };
}

type TargetInfo = { title: string; slug: string; status: string; deleted: boolean };

async function targetInfo(targets: Array<{ type: ReportTargetType; id: number }>): Promise<Map<string, TargetInfo>> {
  const out = new Map<string, TargetInfo>();
  const db = registryDb(getDb());
  for (const type of REPORT_TARGET_TYPES) {
    const ids = targets.filter((target) => target.type === type).map((target) => target.id);
    if (ids.length === 0) continue;
    const spec = reportTargetSpec(type);
    const rows = (await db
      .selectFrom(spec.table)
      .select(["id", "slug", "status", "deleted_at", sql<string>`${sql.ref(spec.title.uk)}`.as("title")])
      .where("id", "in", ids)
      .execute()) as Array<{ id: number; slug: string; status: string; deleted_at: Date | null; title: string }>;
    for (const row of rows)
      out.set(`${type}:${row.id}`, { title: row.title, slug: row.slug, status: row.status, deleted: row.deleted_at !== null });
  }
  return out;
}

export type DecisionResult = { reports: number; hidden: boolean; restored: boolean };

/**
 * Closes the open reports about one target: resolved or dismissed; "hide" also unpublishes
 * the target (staff content back to draft, an advert rejected with the note as its reason,
 * which its owner is mailed; a rating removed, its rated person's figures recomputed) and
 * resolves the reports; "restore" puts an advert waiting for review back live (the
 * lifecycle's `restore`, its owner mailed) and dismisses the reports.
 */
export async function decideReports(
  target: { type: StoredReportTarget; id: number },
  decision: ReportDecision,
  note: string | null,
  actorId: number,
  origin: string,
  hiddenReason: string,
): Promise<DecisionResult> {
  let mail: AdvertOwnerMail | null = null;
  let restoredMail: { advertId: number } | null = null;
  let rerated: number | null = null;
  const result = await getDb()
    .transaction()
    .execute(async (trx) => {
      let hidden = false;
      let restored = false;
      if (decision === "restore") {
        if (target.type !== "advertisement") return { reports: 0, hidden, restored };
        const [moved] = await moveAdverts(trx, [target.id], "restore", "moderator");
        // Not waiting for review (restored meanwhile, or never hidden): the reports stay for a decision.
        if (!moved) return { reports: 0, hidden, restored };
        await recordAudit(trx, {
          actorId,
          action: "restore",
          entityType: "advertisements",
          entityId: target.id,
          before: { status: moved.from },
          after: { status: moved.to, note },
        });
        restored = true;
        restoredMail = { advertId: target.id };
      }
      if (decision === "hide" && target.type === "rating") {
        rerated = await removeRating(trx, target.id, actorId, note);
        hidden = rerated !== null;
      }
      // A conversation has nothing public to hide: its reports are resolved or dismissed.
      if (decision === "hide" && target.type !== "conversation" && target.type !== "rating") {
        const table = reportTargetSpec(target.type).table;
        const db = registryDb(trx);
        const item = (await db.selectFrom(table).select(["id", "status"]).where("id", "=", target.id).forUpdate().executeTakeFirst()) as
          { id: number; status: string } | undefined;
        if (item) {
          const after =
            target.type === "advertisement" ? { status: "rejected", rejection_reason: note || hiddenReason } : { status: "draft" };
          await db
            .updateTable(table)
            .set({ ...after, version: sql`version + 1`, updated_at: sql`now()` })
            .where("id", "=", target.id)
            .execute();
          await recordAudit(trx, {
            actorId,
            action: "hide",
            entityType: table,
            entityId: target.id,
            before: { status: item.status },
            after,
          });
          hidden = item.status !== after.status;
          if (target.type === "advertisement") {
            const owner = await trx
              .selectFrom("advertisements as a")
              .innerJoin("users as u", "u.id", "a.owner_id")
              .select(["a.title", "u.email", "u.name", "u.preferred_locale"])
              .where("a.id", "=", target.id)
              .executeTakeFirst();
            if (owner)
              mail = { email: owner.email, name: owner.name, locale: owner.preferred_locale, advertId: target.id, title: owner.title };
          }
        }
      }
      const closed = await trx
        .updateTable("reports")
        .set({
          status: decision === "dismiss" || decision === "restore" ? "dismissed" : "resolved",
          resolved_by: actorId,
          resolved_at: sql`now()`,
          note,
          updated_at: sql`now()`,
        })
        .where("status", "=", "open")
        .where("target_type", "=", target.type)
        .where("target_id", "=", target.id)
        .returning(["id", "status"])
        .execute();
      for (const report of closed) {
        await recordAudit(trx, {
          actorId,
          action: report.status === "dismissed" ? "dismiss" : "resolve",
          entityType: "report",
          entityId: report.id,
          before: { status: "open" },
          after: { status: report.status, note },
        });
      }
      return { reports: closed.length, hidden, restored };
    });
  if (mail) await queueModerationMail(mail, "rejected", origin, note || hiddenReason);
  if (restoredMail) await queueModerationMail(restoredMail, "approved", origin);
  if (rerated !== null) await refreshTrustStats([rerated]);
  return result;
}

/** How many targets have open reports (dashboard home). */
export async function openReportCount(): Promise<number> {
  const row = await getDb()
    .selectFrom("reports")
    .select(sql<number>`count(distinct (target_type, target_id))::int`.as("n"))
    .where("status", "=", "open")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
