import { useAccountT } from "#app/components/account/use-account-t.ts";
import { dynamicKey } from "#app/i18n/translate.ts";
import type { Route } from "./+types/cabinet";
import { CABINET_NAV } from "#app/components/account/cabinet-nav.ts";
import { AreaLayout } from "#app/components/area-layout.tsx";
import { ShellErrorBoundary } from "#app/components/shell-error-boundary.tsx";
import { routeMiddleware } from "#app/middleware/route-middleware.server.ts";

/** The user's area: every /cabinet/* path needs a signed-in user (the `auth` guard). */
export const middleware: Route.MiddlewareFunction[] = [routeMiddleware("auth")];

export default function CabinetLayout() {
  const { t } = useAccountT();
  const links = CABINET_NAV.map((item) => ({ to: item.to, label: t(item.label, dynamicKey(item.label)) }));
  return <AreaLayout navLabel={t("cabinet:nav.label")} links={links} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShellErrorBoundary error={error} />;
}
