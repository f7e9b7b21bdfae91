import type { GroupKey } from "#app/i18n/keys.ts";
import { CONTENT_REGISTRY, CONTENT_TYPES, type ContentType } from "#app/modules/staff-content/registry.ts";
import type { Permission } from "./access.ts";

// The dashboard's sections and the permission each path under /dashboard needs. Apart from the
// role table (access.ts) because every public page's account menu asks `can`, and a module's
// code goes to every page that imports any of it: the list stays in the dashboard's scripts.

type DashboardSection = { segment: string; permission: Permission; label: GroupKey<"dashboard", "sections">; categories?: true };

function contentSections(managedBy: "staff" | "admin"): DashboardSection[] {
  return CONTENT_TYPES.filter((type) => CONTENT_REGISTRY[type].managedBy === managedBy).map((type: ContentType) => ({
    segment: type,
    permission: `${type}.manage`,
    label: `dashboard:sections.${type}`,
    ...("category" in CONTENT_REGISTRY[type] ? { categories: true as const } : {}),
  }));
}

/** The dashboard's sections, in menu order: first path segment after /dashboard → what it needs. */
export const DASHBOARD_SECTIONS: readonly DashboardSection[] = [
  ...contentSections("staff"),
  { segment: "reports", permission: "reports.manage", label: "dashboard:sections.reports" },
  { segment: "tags", permission: "tags.manage", label: "dashboard:sections.tags" },
  ...contentSections("admin"),
  { segment: "locations", permission: "locations.manage", label: "dashboard:sections.locations" },
  { segment: "settings", permission: "settings.manage", label: "dashboard:sections.settings" },
  { segment: "newsletter", permission: "newsletter.manage", label: "dashboard:sections.newsletter" },
  { segment: "federation", permission: "federation.manage", label: "dashboard:sections.federation" },
];

/**
 * What a path under /dashboard needs (locale prefix already stripped): its section's
 * permission, the category editors' for `/dashboard/{type}/categories...`, else the
 * dashboard's own. Unknown sections need the dashboard permission (and then 404).
 */
export function permissionForDashboardPath(path: string): Permission {
  const [first, second, third] = path
    .replace(/\.data$/, "")
    .split("/")
    .filter(Boolean);
  if (first !== "dashboard" || !second) return "dashboard.view";
  const section = DASHBOARD_SECTIONS.find((entry) => entry.segment === second);
  if (!section) return "dashboard.view";
  if (third === "categories" && "categories" in section) return "categories.manage";
  return section.permission;
}
