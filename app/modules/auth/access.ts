import type { UserRole } from "../../../db/schema.ts";

// SPEC §6 as one role-by-action table. Every dashboard loader and action asks it (through
// requirePermission in guards.server.ts), and so does the `my-auth` guard of the dashboard
// layout, by path, for every URL under /dashboard, including ones no page claims yet.

const STAFF = ["admin", "editor"] as const satisfies readonly UserRole[];
const ADMIN = ["admin"] as const satisfies readonly UserRole[];

export const PERMISSIONS = {
  "dashboard.view": STAFF,
  "news.manage": STAFF,
  "pages.manage": STAFF,
  "posters.manage": STAFF,
  "diaspors.manage": STAFF,
  "services.manage": STAFF,
  "advertisements.manage": STAFF,
  "reports.manage": STAFF,
  "tags.manage": STAFF,
  "categories.manage": STAFF,
  "settings.manage": ADMIN,
  "locations.manage": ADMIN,
  "reklama.manage": ADMIN,
  "users.manage": ADMIN,
  // Deleting trashed content for good (the dashboard's trash); moving to the trash is the section's own permission.
  "trash.purge": ADMIN,
} as const satisfies Record<string, readonly UserRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: UserRole | null | undefined, permission: Permission): boolean {
  return role != null && (PERMISSIONS[permission] as readonly UserRole[]).includes(role);
}

/** The dashboard's sections: first path segment after /dashboard → what it needs. */
export const DASHBOARD_SECTIONS = [
  { segment: "news", permission: "news.manage", label: "dashboard:sections.news", categories: true },
  { segment: "pages", permission: "pages.manage", label: "dashboard:sections.pages" },
  { segment: "posters", permission: "posters.manage", label: "dashboard:sections.posters", categories: true },
  { segment: "diaspors", permission: "diaspors.manage", label: "dashboard:sections.diaspors" },
  { segment: "services", permission: "services.manage", label: "dashboard:sections.services", categories: true },
  { segment: "advertisements", permission: "advertisements.manage", label: "dashboard:sections.advertisements", categories: true },
  { segment: "reports", permission: "reports.manage", label: "dashboard:sections.reports" },
  { segment: "tags", permission: "tags.manage", label: "dashboard:sections.tags" },
  { segment: "reklama", permission: "reklama.manage", label: "dashboard:sections.reklama" },
  { segment: "locations", permission: "locations.manage", label: "dashboard:sections.locations" },
  { segment: "settings", permission: "settings.manage", label: "dashboard:sections.settings" },
] as const satisfies ReadonlyArray<{ segment: string; permission: Permission; label: string; categories?: boolean }>;

export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number];

/**
 * What a path under /dashboard needs (locale prefix already stripped): its section's
 * permission, the category editors' for `/dashboard/{type}/categories...`, else the
 * dashboard's own. Unknown sections need the dashboard permission (and then 404).
 */
export function permissionForDashboardPath(path: string): Permission {
  const [first, second, third] = path.replace(/\.data$/, "").split("/").filter(Boolean);
  if (first !== "dashboard" || !second) return "dashboard.view";
  const section = DASHBOARD_SECTIONS.find((entry) => entry.segment === second);
  if (!section) return "dashboard.view";
  if (third === "categories" && "categories" in section) return "categories.manage";
  return section.permission;
}
