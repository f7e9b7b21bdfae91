import { LayoutDashboard, LogOut, UserRound } from "lucide-react";
import { useAccountT } from "./use-account-t.ts";
import { localizePath } from "#app/i18n/locales.ts";
import { useLocale } from "#app/hooks/use-t.ts";
import { can } from "#app/modules/auth/access.ts";
import { useSession } from "#app/modules/auth/session-status.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
// Already a part loaded when the browser is idle: the inbox link comes in the same step, not one after.
import UnreadMessagesLink from "#app/components/messages/unread-messages-link-view.tsx";

/** The header's links for a signed-in visitor: the cabinet, the inbox, the dashboard (staff) and sign out. */
export default function SignedInMenu() {
  const { t } = useAccountT();
  const session = useSession();
  const locale = useLocale();
  if (!session.user) return null;
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
