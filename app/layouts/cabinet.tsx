import { useAccountT } from "~/components/account/use-account-t";
import { dynamicKey } from "~/i18n/translate";
import type { Route } from "./+types/cabinet";
import { CABINET_NAV } from "~/components/account/cabinet-nav";
import { AreaLayout, ShellErrorBoundary } from "~/components/area-layout";
import { routeMiddleware } from "~/middleware/route-middleware.server";

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
