import { LayoutDashboard, LogIn, LogOut, UserRound } from "lucide-react";
import { useLocation } from "react-router";
import { useAccountT } from "./use-account-t.ts";
import { localizePath, stripLocale } from "#app/i18n/locales.ts";
import { useLocale } from "#app/hooks/use-t.ts";
import { can } from "#app/modules/auth/access.ts";
import { useSession } from "#app/modules/auth/session-status.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { UnreadMessagesLink } from "#app/components/messages/unread-messages-link.tsx";

const NO_RETURN_PATHS = ["/login", "/verify-request", "/delete-account"];

/** Header links for the session: sign in, or the cabinet, the dashboard (staff) and sign out. */
export function AccountMenu() {
  const { t } = useAccountT();
  const session = useSession();
  const locale = useLocale();
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

  return (
    <nav className="account-menu" aria-label={t("auth:account.label")}>
      <LocalizedLink to="/cabinet" className="account-menu__link">
        <UserRound aria-hidden="true" size={18} />
        <span>{session.user.name || t("auth:account.cabinet")}</span>
      </LocalizedLink>
      <UnreadMessagesLink />
      {can(session.user.role, "dashboard.view") ? (
        <LocalizedLink to="/dashboard" className="account-menu__link">
          <LayoutDashboard aria-hidden="true" size={18} />
          <span>{t("auth:account.dashboard")}</span>
        </LocalizedLink>
      ) : null}
      <form method="post" action="/api/auth/signout" className="account-menu__signout">
        <input type="hidden" name="csrfToken" value={session.csrfToken ?? ""} />
        <input type="hidden" name="callbackUrl" value={localizePath("/", locale)} />
        <button type="submit" className="button button--secondary">
          <LogOut aria-hidden="true" size={18} />
          {t("auth:account.sign_out")}
        </button>
      </form>
    </nav>
  );
}
