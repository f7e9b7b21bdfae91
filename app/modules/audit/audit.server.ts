import type { Kysely, Transaction } from "kysely";
import type { DB } from "#db/schema.ts";
import { getDb } from "#app/platform/db/db.server.ts";

// The audit log of staff changes: who did what to which item, when, and the values of the
// fields that changed (before and after). Writers call recordAudit inside the transaction
// of the change itself, so a change is never without its entry, nor an entry without it.

export type AuditAction =
  | "create"
  | "update"
  | "publish"
  | "unpublish"
  | "archive"
  | "trash"
  | "restore"
  | "purge"
  | "approve"
  | "reject"
  | "resolve"
  | "dismiss"
  | "hide"
  | "hold"
  | "rename"
  | "merge"
  | "reorder"
  | "delete"
  | "role"
  | "block"
  | "unblock"
  | "invite"
  | "accept_invitation"
  | "decline_invitation"
  | "remove_member"
  | "announce";

export type AuditEntryInput = {
  actorId: number | null;
  action: AuditAction;
  /** Content type (`news`), or `category`, `tag`, `location`, `report`, `settings`, `user`. */
  entityType: string;
  entityId: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

type Db = Kysely<DB> | Transaction<DB>;

/** JSON-safe copy: dates as ISO strings, undefined dropped. */
function plain(values: Record<string, unknown> | null | undefined): string | null {
  if (!values) return null;
  return JSON.stringify(values, (_key, value: unknown) => (value instanceof Date ? value.toISOString() : value));
}

export async function recordAudit(db: Db, entry: AuditEntryInput): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      before: plain(entry.before),
      after: plain(entry.after),
    })
    .execute();
}

/** A row moved one place up or down its list: its old and new index (`names`: what else says which row, in both). */
export async function recordReorder(
  db: Db,
  entry: Pick<AuditEntryInput, "actorId" | "entityType" | "entityId">,
  moved: { from: number; to: number },
  names: Record<string, unknown> = {},
): Promise<void> {
  await recordAudit(db, {
    ...entry,
    action: "reorder",
    before: { ...names, position: moved.from },
    after: { ...names, position: moved.to },
  });
}

function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === "object") return JSON.stringify(value);
  return value ?? null;
}

/** The fields whose value differs, with their old and new values (only keys of `after` count). */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (comparable(before[key]) === comparable(value)) continue;
    was[key] = before[key] ?? null;
    now[key] = value ?? null;
  }
  return { before: was, after: now };
}

export type AuditEntry = {
  id: number;
  action: string;
  entityType: string;
  entityId: number | null;
  actor: string | null;
  at: Date;
  changes: Array<{ field: string; before: unknown; after: unknown }>;
};

type AuditRow = {
  id: number;
  action: string;
  entity_type: string;
  entity_id: number | null;
  before: unknown;
  after: unknown;
  created_at: Date;
  actor_name: string | null;
  actor_email: string | null;
};

function toEntry(row: AuditRow): AuditEntry {
  const before = (row.before ?? {}) as Record<string, unknown>;
  const after = (row.after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return {
    id: Number(row.id),
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    actor: row.actor_name || row.actor_email || null,
    at: new Date(row.created_at),
    changes: fields.map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null })),
  };
}

function entries() {
  return getDb()
    .selectFrom("audit_log")
    .leftJoin("users", "users.id", "audit_log.actor_id")
    .select([
      "audit_log.id",
      "audit_log.action",
      "audit_log.entity_type",
      "audit_log.entity_id",
      "audit_log.before",
      "audit_log.after",
      "audit_log.created_at",
      "users.name as actor_name",
      "users.email as actor_email",
    ]);
}

/** The history of one item, newest first. */
export async function auditTrail(entityType: string, entityId: number, limit = 50): Promise<AuditEntry[]> {
  const rows = await entries()
    .where("audit_log.entity_type", "=", entityType)
    .where("audit_log.entity_id", "=", entityId)
    .orderBy("audit_log.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => toEntry(row as AuditRow));
}

/** The newest changes anywhere, optionally only of some entity types (what the viewer may see). */
export async function latestChanges(limit = 10, entityTypes?: readonly string[]): Promise<AuditEntry[]> {
  if (entityTypes && entityTypes.length === 0) return [];
  let query = entries().orderBy("audit_log.id", "desc").limit(limit);
  if (entityTypes) query = query.where("audit_log.entity_type", "in", [...entityTypes]);
  const rows = await query.execute();
  return rows.map((row) => toEntry(row as AuditRow));
}
