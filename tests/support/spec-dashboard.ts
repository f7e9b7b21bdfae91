// The dashboard's routes and the role table as data (docs/product.md#roles-and-permissions): every dashboard route (with an example id) and who may use it.
// Shared by the unit walk (tests/unit/auth-access.test.ts) and the HTTP walk (tests/e2e/accounts-access.spec.ts).

const TYPES = ["news", "pages", "posters", "reklama", "diaspors", "services", "advertisements"] as const;
const WITH_CATEGORIES = ["news", "services", "advertisements"] as const;

export type DashboardRoute = { path: string; adminOnly: boolean };

export const DASHBOARD_ROUTES: DashboardRoute[] = [
  { path: "/dashboard", adminOnly: false },
  { path: "/dashboard/settings", adminOnly: true },
  { path: "/dashboard/locations", adminOnly: true },
  { path: "/dashboard/reports", adminOnly: false },
  { path: "/dashboard/tags", adminOnly: false },
  ...TYPES.flatMap((type) => [
    { path: `/dashboard/${type}`, adminOnly: type === "reklama" },
    { path: `/dashboard/${type}/new-page`, adminOnly: type === "reklama" },
    { path: type === "pages" ? "/dashboard/pages/edit-page/7" : `/dashboard/${type}/edit/7`, adminOnly: type === "reklama" },
  ]),
  ...WITH_CATEGORIES.flatMap((type) => [
    { path: `/dashboard/${type}/categories`, adminOnly: false },
    { path: `/dashboard/${type}/categories/edit-page/7`, adminOnly: false },
  ]),
];

export type Visitor = "anonymous" | "user" | "editor" | "admin";

/** What the role table says a visitor gets at a dashboard route. */
export function expectedAccess(visitor: Visitor, route: DashboardRoute): "login" | "forbidden" | "allowed" {
  if (visitor === "anonymous") return "login";
  if (visitor === "user") return "forbidden";
  if (visitor === "editor" && route.adminOnly) return "forbidden";
  return "allowed";
}
