import { LogIn } from "#app/components/icons/shell-icons.tsx";
import { useLocation } from "react-router";
import { useAccountT } from "./use-account-t.ts";
import { stripLocale } from "#app/i18n/locales.ts";
import { useSession } from "#app/modules/auth/session-status.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { afterIdle, deferred } from "#app/components/deferred.tsx";

const SignedInMenu = deferred(() => import("./signed-in-menu.tsx"), afterIdle);

const NO_RETURN_PATHS = ["/login", "/verify-request", "/delete-account"];

/** Header links for the session: sign in, or the cabinet, the dashboard (staff) and sign out. */
export function AccountMenu() {
  const { t } = useAccountT();
  const session = useSession();
  const { pathname, search } = useLocation();

  if (session.status === "loading") return <span className="account-menu" aria-busy="true" />;

  if (session.status === "unauthenticated" || !session.user) {
    const bare = stripLocale(pathname);
    const back = NO_RETURN_PATHS.includes(bare) || bare === "/" ? "" : `?redirect=${encodeURIComponent(pathname + search)}`;
    return (
      <nav className="account-menu" aria-label={t("auth:account.label")}>
        <LocalizedLink to={`/login${back}`} className="button button--secondary" rel="nofollow">
          <LogIn aria-hidden="true" size={18} />
          {t("auth:account.sign_in")}
        </LocalizedLink>
      </nav>
    );
  }

  // Links and a form that posts: fine as the server's HTML until the browser is idle, so their
  // code (icons, roles) stays out of the public pages' first load.
  return <SignedInMenu />;
}
