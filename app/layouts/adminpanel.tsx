import { useAccountT } from "#app/components/account/use-account-t.ts";
import type { Route } from "./+types/adminpanel";
import { dashboardNav } from "#app/components/account/dashboard-nav.ts";
import { AreaLayout } from "#app/components/area-layout.tsx";
import { ShellErrorBoundary } from "#app/components/shell-error-boundary.tsx";
import { usePrimeLocale } from "#app/components/shell/prime-locale.ts";
import { usePageLanguage } from "#app/hooks/use-t.ts";
import { routeMiddleware } from "#app/middleware/route-middleware.server.ts";
import { throwIfAccessDenied } from "#app/modules/auth/guards.server.ts";
import { staffTwoFactorMiddleware } from "#app/modules/auth/staff-two-factor.server.ts";
import { useSession } from "#app/modules/auth/session-status.tsx";

/**
 * The staff dashboard. `my-auth` checks every /dashboard/* request (GET and POST) against
 * the access table; each page's loader and action checks its own permission as well. Then,
 * when the settings ask for it, staff without two-factor are sent to enrol.
 */
export const middleware: Route.MiddlewareFunction[] = [routeMiddleware("my-auth"), staffTwoFactorMiddleware];

/** Throws the 403 `my-auth` noted, so the root loader has run and the error page keeps the full shell. */
export function loader({ context }: Route.LoaderArgs) {
  throwIfAccessDenied(context);
  return null;
}

export default function AdminpanelLayout() {
  const { t } = useAccountT();
  const { user } = useSession();
  // Every PrimeReact widget on the dashboard speaks the product's words and date formats.
  usePrimeLocale(usePageLanguage());
  const links = dashboardNav(user?.role).map((item) => ({
    to: item.to,
    end: item.to === "/dashboard",
    label: item.sectionLabel ? t(item.label, { section: t(item.sectionLabel) }) : t(item.label),
  }));
  return <AreaLayout className="area--dashboard" navLabel={t("dashboard:nav.label")} links={links} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShellErrorBoundary error={error} />;
}
