import { Form } from "react-router";
import { LocalizedLink } from "#app/components/localized-link.tsx";

// The page a mailed one-time link opens: a button whose post spends the link (opening it
// spends nothing, since mail scanners open links too), or, for a spent link, why it does not
// work and where to go instead.

/** The page's words while the link works; `danger` when its button undoes something (signs every session out). */
type ButtonTexts = { title: string; lead: string; submit: string; danger?: boolean };

/** The page's words once the link is spent, and the way (`to`, `label`) to ask for another. */
type SpentTexts = { title: string; text: string; to: string; label: string };

/** The link's page: its button while the link works (`token`), else why it does not and where to go instead. */
export function MailedLinkPage({ token, button, spent }: { token: string | null; button: ButtonTexts; spent: SpentTexts }) {
  return token ? <MailedLinkButton {...button} token={token} /> : <MailedLinkInvalid {...spent} />;
}

function MailedLinkButton({ title, lead, submit, token, danger = false }: ButtonTexts & { token: string }) {
  return (
    <section className="panel auth-page--narrow" aria-labelledby="mailed-link-title">
      <h1 id="mailed-link-title">{title}</h1>
      <p className="panel__lead">{lead}</p>
      <Form method="post" className="form">
        <input type="hidden" name="token" value={token} />
        <div className="form__actions">
          <button type="submit" className={danger ? "button button--danger" : "button"}>
            {submit}
          </button>
        </div>
      </Form>
    </section>
  );
}

function MailedLinkInvalid({ title, text, to, label }: SpentTexts) {
  return (
    <section className="panel auth-page--narrow" aria-labelledby="mailed-link-title">
      <h1 id="mailed-link-title">{title}</h1>
      <p>{text}</p>
      <p>
        <LocalizedLink to={to} className="button">
          {label}
        </LocalizedLink>
      </p>
    </section>
  );
}
