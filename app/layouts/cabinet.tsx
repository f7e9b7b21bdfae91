import { Outlet } from "react-router";
import { useAccountT } from "~/components/account/use-account-t";
import type { Route } from "./+types/cabinet";
import { CABINET_NAV } from "~/components/account/cabinet-nav";
import { ErrorView } from "~/components/error-view";
import { LocalizedNavLink } from "~/components/localized-link";
import { Shell } from "~/components/shell";
import { routeMiddleware } from "~/middleware/route-middleware.server";

/** The user's area: every /cabinet/* path needs a signed-in user (the `auth` guard). */
export const middleware: Route.MiddlewareFunction[] = [routeMiddleware("auth")];

export default function CabinetLayout() {
  const { t } = useAccountT();
  return (
    <Shell>
      <div className="area">
        <nav className="area__nav" aria-label={t("cabinet:nav.label")}>
          <ul>
            {CABINET_NAV.map((item) => (
              <li key={item.to}>
                <LocalizedNavLink to={item.to} end>
                  {t(item.label as "cabinet:nav.profile")}
                </LocalizedNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="area__content">
          <Outlet />
        </div>
      </div>
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Shell>
      <ErrorView error={error} />
    </Shell>
  );
}
