import { useFetcher, useLocation } from "react-router";
import type { ContactReveal } from "#app/modules/adverts/page.server.ts";
import type { AdvertContact } from "#app/modules/adverts/queries.server.ts";
import { useAdvertsT } from "./use-adverts-t.ts";
import { useMessage } from "./use-message.ts";

type ContactKind = ContactReveal["kind"];

/**
 * Name, the phone behind a "Show phone" button and the email behind a "Show email" one. Each
 * button is a form post (the page answers with the contact, so it works without JS); with JS
 * it stays on the page. Neither contact is in the page until asked for. Without JS the post's
 * answer opens at the block (its fragment), so the number is in view rather than below the fold.
 */
export function ContactBlock({ contact, revealed }: { contact: AdvertContact; revealed?: ContactReveal | null }) {
  const { t } = useAdvertsT();
  const answered = (kind: ContactKind) => (revealed?.kind === kind ? revealed : null);
  return (
    <section id="contact" className="contact-block panel" aria-labelledby="contact-title">
      <h2 id="contact-title">{t("item.contact")}</h2>
      <dl className="facts">
        <dt>{t("item.contact_name")}</dt>
        <dd>{contact.name}</dd>
        {contact.hasPhone ? <Reveal kind="phone" revealed={answered("phone")} /> : null}
        {contact.hasEmail ? <Reveal kind="email" revealed={answered("email")} /> : null}
      </dl>
      {!contact.hasPhone && !contact.hasEmail ? <p>{t("item.no_contact")}</p> : null}
    </section>
  );
}

const LABELS = {
  phone: { term: "item.phone", button: "item.show_phone" },
  email: { term: "item.email", button: "item.show_email" },
} as const;

/** One contact behind its button: a post with intent=phone or intent=email, each with a fetcher of its own. */
function Reveal({ kind, revealed }: { kind: ContactKind; revealed: ContactReveal | null }) {
  const { t } = useAdvertsT();
  const message = useMessage();
  const fetcher = useFetcher<ContactReveal>();
  const { pathname } = useLocation();
  const answer = fetcher.data ?? revealed;
  const value = answer?.[kind] ?? null;
  const href = kind === "phone" ? `tel:${value?.replace(/[^\d+]/g, "")}` : `mailto:${value}`;
  return (
    <>
      <dt>{t(LABELS[kind].term)}</dt>
      <dd>
        {value ? (
          <a href={href} className={`contact-block__${kind}`}>
            {value}
          </a>
        ) : (
          <fetcher.Form method="post" action={`${pathname}#contact`} className="contact-block__reveal">
            <input type="hidden" name="intent" value={kind} />
            <button type="submit" className="button" disabled={fetcher.state !== "idle"}>
              {t(LABELS[kind].button)}
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
