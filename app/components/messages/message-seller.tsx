import { Form } from "react-router";
import { useAccountT } from "#app/components/account/use-account-t.ts";
import { AppLink } from "#app/components/localized-link.tsx";
import { useLocale } from "#app/hooks/use-t.ts";
import { localizePath } from "#app/i18n/locales.ts";
import { MESSAGE_MAX_LENGTH } from "#app/modules/messages/limits.ts";

/**
 * On a live advert's page, for anyone but its owner: the first-message form for a signed-in
 * visitor, a sign-in link that comes back to that form for everyone else. It posts to the
 * message page, which shows a refusal with the text kept, so the advert page needs no form
 * kit (its JS budget).
 */
export default function MessageSeller({
  advertId,
  signedIn,
  role = "seller",
}: {
  advertId: number;
  signedIn: boolean;
  /** Whom the visitor writes to: a wanted or help advert's poster is no seller. */
  role?: "seller" | "author";
}) {
  const { t } = useAccountT();
  const locale = useLocale();
  const formPath = localizePath(`/cabinet/messages/new?advert=${advertId}`, locale);
  return (
    <section className="message-seller panel" aria-labelledby="message-seller-title">
      <h2 id="message-seller-title">{t(role === "seller" ? "cabinet:messages.new_title" : "cabinet:messages.new_title_author")}</h2>
      {signedIn ? (
        <Form method="post" action={formPath} className="form message-form">
          <input type="hidden" name="advert" value={advertId} />
          <div className="field">
            <label htmlFor="message-body">
              {t(role === "seller" ? "cabinet:messages.form.first_label" : "cabinet:messages.form.first_label_author")}
            </label>
            <textarea id="message-body" name="body" rows={4} required maxLength={MESSAGE_MAX_LENGTH} aria-describedby="message-body-hint" />
            <p id="message-body-hint" className="field__hint">
              {t(role === "seller" ? "cabinet:messages.form.hint" : "cabinet:messages.form.hint_author", { max: MESSAGE_MAX_LENGTH })}
            </p>
          </div>
          <div className="honeypot" aria-hidden="true">
            <label htmlFor="message-website">{t("cabinet:messages.form.honeypot")}</label>
            <input id="message-website" name="website" tabIndex={-1} autoComplete="off" />
          </div>
          <div className="form__actions">
            <button type="submit" className="button">
              {t("cabinet:messages.form.send")}
            </button>
          </div>
        </Form>
      ) : (
        <p>
          <AppLink to={`${localizePath("/login", locale)}?redirect=${encodeURIComponent(formPath)}`} className="button" rel="nofollow">
            {t(role === "seller" ? "cabinet:messages.sign_in_to_write" : "cabinet:messages.sign_in_to_write_author")}
          </AppLink>
        </p>
      )}
    </section>
  );
}
