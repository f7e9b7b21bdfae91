import type { UserRole } from "#db/schema.ts";
import type { Language } from "#app/i18n/locales.ts";
import { can, type Permission } from "#app/modules/auth/access.ts";
import { latestChanges } from "#app/modules/audit/audit.server.ts";
import { presentAudit, type AuditLine } from "#app/modules/audit/present.server.ts";
import { CONTENT_SPECS, dashboardPaths, isContentType } from "#app/modules/staff-content/types.ts";
import { pendingCount } from "./adverts.server.ts";
import { openReportCount } from "./reports.server.ts";
import { heldGroupCount } from "#app/modules/messages/held.server.ts";
import { decidableTypes, pendingSubmissionCount } from "#app/modules/submissions/moderation.server.ts";

// What the dashboard home adds to its overview: adverts waiting for moderation, targets with
// open reports, and the latest changes the viewer's role may see.

/** Who may see the audit entries of each entity type. */
const AUDIT_VISIBILITY: Record<string, Permission> = {
  ...Object.fromEntries(Object.values(CONTENT_SPECS).map((spec) => [spec.type, spec.permission])),
  category: "categories.manage",
  tag: "tags.manage",
  location: "locations.manage",
  report: "reports.manage",
  settings: "settings.manage",
  user: "users.manage",
};

export type HomeActivity = {
  pendingAdverts: number | null;
  /** Users' events, services and organisations waiting, of the types the viewer decides. */
  pendingSubmissions: number | null;
  openReports: number | null;
  latest: Array<AuditLine & { path: string | null }>;
};

function pathOf(line: AuditLine): string | null {
  if (line.entityId === null || line.action === "purge") return null;
  if (isContentType(line.entityType)) return dashboardPaths.edit(line.entityType, line.entityId);
  if (line.entityType === "report") return "/dashboard/reports";
  if (line.entityType === "settings") return "/dashboard/settings";
  if (line.entityType === "user") return "/dashboard/settings/users";
  if (line.entityType === "tag") return "/dashboard/tags";
  if (line.entityType === "location") return "/dashboard/locations";
  return null;
}

export async function homeActivity(role: UserRole, language: Language, limit = 10): Promise<HomeActivity> {
  const visible = Object.entries(AUDIT_VISIBILITY)
    .filter(([, permission]) => can(role, permission))
    .map(([type]) => type);
  const submissionTypes = decidableTypes(role);
  const [pendingAdverts, pendingSubmissions, openReports, latest] = await Promise.all([
    can(role, "advertisements.manage") ? pendingCount() : null,
    submissionTypes.length ? pendingSubmissionCount(submissionTypes) : null,
    can(role, "reports.manage") ? Promise.all([openReportCount(), heldGroupCount()]).then(([reports, held]) => reports + held) : null,
    latestChanges(limit, visible),
  ]);
  return {
    pendingAdverts,
    pendingSubmissions,
    openReports,
    latest: presentAudit(latest, language).map((line) => ({ ...line, path: pathOf(line) })),
  };
}
