import { useFetcher, useLocation } from "react-router";
import type { ContactReveal } from "~/modules/adverts/page.server";
import type { AdvertContact } from "~/modules/adverts/queries.server";
import { useAdvertsT } from "./use-adverts-t";
import { useMessage } from "./use-message";

/**
 * Name, the phone behind a "Show phone" button and the email behind a "Show email" one. Each
 * button is a form post (the page answers with the contact, so it works without JS); with JS
 * it stays on the page. Neither contact is in the page until asked for.
 */
export function ContactBlock({ contact, revealed }: { contact: AdvertContact; revealed?: ContactReveal | null }) {
  const { t } = useAdvertsT();
  const message = useMessage();
  const fetcher = useFetcher<ContactReveal>();
  const { pathname } = useLocation();
  const answer = fetcher.data ?? (revealed?.kind === "phone" ? revealed : null);
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
        {contact.hasEmail ? <EmailReveal revealed={revealed?.kind === "email" ? revealed : null} /> : null}
      </dl>
      {!contact.hasPhone && !contact.hasEmail ? <p>{t("item.no_contact")}</p> : null}
    </section>
  );
}

/** The email behind "Show email": the same post as the phone's, with intent=email. */
function EmailReveal({ revealed }: { revealed: ContactReveal | null }) {
  const { t } = useAdvertsT();
  const message = useMessage();
  const fetcher = useFetcher<ContactReveal>();
  const { pathname } = useLocation();
  const answer = fetcher.data ?? revealed;
  const email = answer?.email ?? null;
  return (
    <>
      <dt>{t("item.email")}</dt>
      <dd>
        {email ? (
          <a href={`mailto:${email}`} className="contact-block__email">
            {email}
          </a>
        ) : (
          <fetcher.Form method="post" action={pathname} className="contact-block__reveal">
            <input type="hidden" name="intent" value="email" />
            <button type="submit" className="button" disabled={fetcher.state !== "idle"}>
              {t("item.show_email")}
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
  );
}
