import { createHmac } from "node:crypto";
import type { ReportReason, ReportTargetType, StoredReportTarget } from "#db/schema.ts";
import { consumeLimit, type Limit, type LimitState } from "#app/modules/auth/rate-limit.server.ts";
import { getConfig } from "#app/platform/config/config.server.ts";
import { publiclyVisible } from "#app/modules/content/visibility.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { registryDb } from "#app/modules/staff-content/tables.server.ts";
import { reportTargetSpec } from "#app/modules/staff-content/types.ts";
import { holdIfFlagged } from "#app/modules/moderation/community-flags.server.ts";

// Abuse reports from visitors (anonymous allowed), stored for the dashboard's reports queue.
// Abuse of the form itself: a per-IP limit, and one open report per reporter and item. Reports
// of verified accounts may hide an advert pending review (moderation/community-flags.server.ts).

export const REPORT_LIMIT: Limit = { max: 10, windowMs: 60 * 60 * 1000 };

/** Whether the account already has an open report about the target: one open report per reporter and target. */
export async function hasOpenReport(targetType: StoredReportTarget, targetId: number, reporterId: number): Promise<boolean> {
  const open = await getDb()
    .selectFrom("reports")
    .select("id")
    .where("target_type", "=", targetType)
    .where("target_id", "=", targetId)
    .where("reporter_id", "=", reporterId)
    .where("status", "=", "open")
    .executeTakeFirst();
  return open !== undefined;
}

/** One budget per address for every kind of report (items, conversations' aside, ratings). */
export function consumeReportLimit(ip: string): Promise<LimitState> {
  return consumeLimit([{ key: `report:ip:${ip}`, limit: REPORT_LIMIT }]);
}

/** The reporter without their address: an HMAC of the IP under the server's secret. */
export function reporterHash(ip: string): string {
  return createHmac("sha256", getConfig().sessionSecret).update(`report:${ip}`).digest("hex").slice(0, 32);
}

/** The target as the public sees it: its slug when the item is public, else null. */
export async function publicReportTarget(type: ReportTargetType, id: number): Promise<{ slug: string } | null> {
  const db = getDb();
  const spec = reportTargetSpec(type);
  const row =
    spec.table === "advertisements"
      ? // Sold and expired adverts still have a public page (saying so), and can be reported.
        await db
          .selectFrom("advertisements")
          .select("slug")
          .where("id", "=", id)
          .where("status", "in", ["published", "sold", "expired"])
          .where("deleted_at", "is", null)
          .executeTakeFirst()
      : ((await registryDb(db)
          .selectFrom(spec.table)
          .select("slug")
          .where("id", "=", id)
          .where(publiclyVisible(spec.table))
          .executeTakeFirst()) as { slug: string } | undefined);
  return row ? { slug: row.slug } : null;
}

export type ReportOutcome =
  | { status: "created"; id: number; hidden: boolean }
  | { status: "duplicate" }
  | { status: "not_found" }
  | { status: "limited"; limit: LimitState };

export async function submitReport(input: {
  targetType: ReportTargetType;
  targetId: number;
  reason: ReportReason;
  message: string;
  reporterId: number | null;
  ip: string;
}): Promise<ReportOutcome> {
  if (!(await publicReportTarget(input.targetType, input.targetId))) return { status: "not_found" };
  const limit = await consumeReportLimit(input.ip);
  if (limit.limited) return { status: "limited", limit };
  const hash = reporterHash(input.ip);
  const db = getDb();
  const existing = await db
    .selectFrom("reports")
    .select("id")
    .where("target_type", "=", input.targetType)
    .where("target_id", "=", input.targetId)
    .where("status", "=", "open")
    // A signed-in reporter is their account (people sharing an address, a household or a mobile
    // carrier's, each count for community flags); an anonymous one is their address.
    .where((eb) => (input.reporterId === null ? eb("reporter_hash", "=", hash) : eb("reporter_id", "=", input.reporterId)))
    .executeTakeFirst();
  if (existing) return { status: "duplicate" };
  const row = await db
    .insertInto("reports")
    .values({
      target_type: input.targetType,
      target_id: input.targetId,
      reason: input.reason,
      message: input.message,
      reporter_id: input.reporterId,
      reporter_hash: hash,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // A signed-in reporter may be the one that makes enough: the advert is then hidden pending review.
  const hidden = input.targetType === "advertisement" && input.reporterId !== null && (await holdIfFlagged(input.targetId));
  return { status: "created", id: row.id, hidden };
}
