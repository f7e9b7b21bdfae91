import { useAccountT } from "~/components/account/use-account-t";
import { AppLink } from "~/components/localized-link";
import { useLocale } from "~/hooks/use-t";
import { localizePath } from "~/i18n/locales";
import { MessageForm } from "./message-form";

/**
 * On a live advert's page, for anyone but its owner: the first-message form for a signed-in
 * visitor, a sign-in link that comes back to that form for everyone else.
 */
export function MessageSeller({ advertId, signedIn }: { advertId: number; signedIn: boolean }) {
  const { t } = useAccountT();
  const locale = useLocale();
  const formPath = localizePath(`/cabinet/messages/new?advert=${advertId}`, locale);
  return (
    <section className="message-seller panel" aria-labelledby="message-seller-title">
      <h2 id="message-seller-title">{t("cabinet:messages.new_title")}</h2>
      {signedIn ? (
        <MessageForm id="message" action={formPath} advertId={advertId} label={t("cabinet:messages.form.first_label")} submit={t("cabinet:messages.form.send")} />
      ) : (
        <p>
          <AppLink to={`${localizePath("/login", locale)}?redirect=${encodeURIComponent(formPath)}`} className="button" rel="nofollow">
            {t("cabinet:messages.sign_in_to_write")}
          </AppLink>
        </p>
      )}
    </section>
  );
}
