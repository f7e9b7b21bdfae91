import type { UserRole } from "#db/schema.ts";
import type { GroupKey } from "#app/i18n/keys.ts";
import { can } from "#app/modules/auth/access.ts";
import { DASHBOARD_SECTIONS } from "#app/modules/auth/dashboard-sections.ts";

/** `sectionLabel` (a translation key) fills `{{section}}` in `label`. */
export type DashboardLink = {
  to: string;
  label: GroupKey<"dashboard", "sections"> | "dashboard:nav.home";
  sectionLabel?: GroupKey<"dashboard", "sections">;
};

/** The dashboard sections `role` may use (from the access table), with the category editors. */
export function dashboardNav(role: UserRole | null | undefined): DashboardLink[] {
  if (!can(role, "dashboard.view")) return [];
  const links: DashboardLink[] = [{ to: "/dashboard", label: "dashboard:nav.home" }];
  for (const section of DASHBOARD_SECTIONS) {
    if (!can(role, section.permission)) continue;
    links.push({ to: `/dashboard/${section.segment}`, label: section.label });
  }
  for (const section of DASHBOARD_SECTIONS) {
    if (!("categories" in section) || !can(role, "categories.manage")) continue;
    links.push({
      to: `/dashboard/${section.segment}/categories`,
      label: "dashboard:sections.categories",
      sectionLabel: section.label,
    });
  }
  return links;
}
