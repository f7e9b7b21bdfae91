import type { Language } from "#app/i18n/locales.ts";
import { formatDate, formatTime } from "#app/platform/format/dates.ts";
import { excerpt, stripHtml } from "#app/platform/format/text.ts";
import type { AuditEntry } from "./audit.server.ts";

// Audit entries as the dashboard shows them: times in the site's zone, values as short text.

export type AuditLine = {
  id: number;
  action: string;
  entityType: string;
  entityId: number | null;
  actor: string | null;
  at: string;
  changes: Array<{ field: string; before: string; after: string }>;
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function describe(value: unknown, language: Language): string {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return value.length ? value.map((item) => describe(item, language)).join(", ") : "—";
  if (typeof value === "boolean") return value ? "✓" : "✗";
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.length ? entries.map(([key, item]) => `${key}: ${describe(item, language)}`).join(", ") : "—";
  }
  const text = String(value);
  if (ISO_TIME.test(text)) {
    const date = new Date(text);
    if (!Number.isNaN(date.getTime())) return `${formatDate(date, language)} ${formatTime(date, language)}`;
  }
  return excerpt(stripHtml(text), 160) || "—";
}

export function presentAudit(entries: AuditEntry[], language: Language): AuditLine[] {
  return entries.map((entry) => ({
    id: entry.id,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    actor: entry.actor,
    at: `${formatDate(entry.at, language)} ${formatTime(entry.at, language)}`,
    changes: entry.changes
      .filter((change) => change.field !== "version")
      .map((change) => ({ field: change.field, before: describe(change.before, language), after: describe(change.after, language) })),
  }));
}
