import { useFetcher, useLocation } from "react-router";
import type { PhoneReveal } from "~/modules/adverts/page.server";
import { useAdvertsT } from "./use-adverts-t";
import { useMessage } from "./use-message";

/**
 * Name, the phone behind a "Show phone" button, and the email as a link. The button is a
 * form post (the page answers with the number, so it works without JS); with JS it stays
 * on the page.
 */
export function ContactBlock({ contact, revealed }: { contact: { name: string; email: string | null; hasPhone: boolean }; revealed?: PhoneReveal | null }) {
  const { t } = useAdvertsT();
  const message = useMessage();
  const fetcher = useFetcher<PhoneReveal>();
  const { pathname } = useLocation();
  const answer = fetcher.data ?? revealed ?? null;
  const phone = answer?.phone ?? null;
  return (
    <section className="contact-block panel" aria-labelledby="contact-title">
      <h2 id="contact-title">{t("item.contact")}</h2>
      <dl className="facts">
        <dt>{t("item.contact_name")}</dt>
        <dd>{contact.name}</dd>
        {contact.hasPhone ? (
          <>
            <dt>{t("item.phone")}</dt>
            <dd>
              {phone ? (
                <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="contact-block__phone">
                  {phone}
                </a>
              ) : (
                <fetcher.Form method="post" action={pathname} className="contact-block__reveal">
                  <input type="hidden" name="intent" value="phone" />
                  <button type="submit" className="button" disabled={fetcher.state !== "idle"}>
                    {t("item.show_phone")}
                  </button>
                </fetcher.Form>
              )}
              {answer?.error ? (
                <p className="field__error" role="alert">
                  {message(answer.error)}
                </p>
              ) : null}
            </dd>
          </>
        ) : null}
        {contact.email ? (
          <>
            <dt>{t("item.email")}</dt>
            <dd>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </dd>
          </>
        ) : null}
      </dl>
      {!contact.hasPhone && !contact.email ? <p>{t("item.no_contact")}</p> : null}
    </section>
  );
}
