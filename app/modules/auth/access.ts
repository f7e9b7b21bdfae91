import type { UserRole } from "#db/schema.ts";
import { CONTENT_REGISTRY, CONTENT_TYPES, type ContentPermission } from "#app/modules/staff-content/registry.ts";

// Who may do what (docs/product.md#roles-and-permissions) as one role-by-action table. Every dashboard loader and action asks it (through
// requirePermission in guards.server.ts), and so does the `my-auth` guard of the dashboard
// layout, by path, for every URL under /dashboard, including ones no page claims yet.

const STAFF = ["admin", "editor"] as const satisfies readonly UserRole[];
const ADMIN = ["admin"] as const satisfies readonly UserRole[];
const ROLES: Record<"staff" | "admin", readonly UserRole[]> = { staff: STAFF, admin: ADMIN };

/** `<type>.manage` for each content type, held by the roles its registry entry names. */
const CONTENT_PERMISSIONS = Object.fromEntries(
  CONTENT_TYPES.map((type) => [`${type}.manage`, ROLES[CONTENT_REGISTRY[type].managedBy]]),
) as Record<ContentPermission, readonly UserRole[]>;

export const PERMISSIONS = {
  "dashboard.view": STAFF,
  ...CONTENT_PERMISSIONS,
  "reports.manage": STAFF,
  "tags.manage": STAFF,
  "categories.manage": STAFF,
  "settings.manage": ADMIN,
  "locations.manage": ADMIN,
  "users.manage": ADMIN,
  // Which sections federate, whom the portal follows, remote events, blocked domains (ActivityPub).
  "federation.manage": ADMIN,
  // Deleting trashed content for good (the dashboard's trash); moving to the trash is the section's own permission.
  "trash.purge": ADMIN,
  "newsletter.manage": STAFF,
} as const satisfies Record<string, readonly UserRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: UserRole | null | undefined, permission: Permission): boolean {
  return role != null && (PERMISSIONS[permission] as readonly UserRole[]).includes(role);
}

/** Where a sign-in lands without a `redirect` target: staff at the dashboard, everyone else in the cabinet (unlocalized). */
export function landingPath(role: UserRole): "/dashboard" | "/cabinet" {
  return can(role, "dashboard.view") ? "/dashboard" : "/cabinet";
}
