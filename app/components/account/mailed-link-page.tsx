import { Form } from "react-router";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { pageMeta } from "#app/modules/seo/meta.ts";

// The page a mailed one-time link opens: a button whose post spends the link (opening it
// spends nothing, since mail scanners open links too), or, for a spent link, why it does not
// work and where to go instead.

/** Not indexed, and the token in the address stays out of Referer headers sent to other sites. */
export function mailedLinkMeta(args: Parameters<typeof pageMeta>[0]) {
  return [...pageMeta(args), { name: "robots", content: "noindex" }, { name: "referrer", content: "same-origin" }];
}

export function MailedLinkButton({ title, lead, submit, token, danger = false }: { title: string; lead: string; submit: string; token: string; danger?: boolean }) {
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

export function MailedLinkInvalid({ title, text, to, label }: { title: string; text: string; to: string; label: string }) {
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
