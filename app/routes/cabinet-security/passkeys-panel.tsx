import { useEffect, useState, type FormEvent } from "react";
import { Form, useRevalidator } from "react-router";
import { addPasskey, passkeysSupported } from "#app/components/account/passkey-client.ts";
import { useSecurityT } from "#app/components/account/use-security-t.ts";
import { FormErrors } from "#app/components/forms/error-list.tsx";
import type { FormConstraint } from "#app/components/forms/use-server-checked-form.ts";
import { usePageLanguage } from "#app/hooks/use-t.ts";
import { formatDate } from "#app/modules/format/dates.ts";
import type { FormReply } from "#app/modules/auth/responses.server.ts";

type Passkey = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

/** The user's passkeys: rename and remove work as plain forms; adding one needs the browser's WebAuthn (JS). */
export function PasskeysPanel({ passkeys, reply }: { passkeys: { list: Passkey[]; constraint: FormConstraint }; reply: FormReply | undefined }) {
  const { t } = useSecurityT();
  const language = usePageLanguage();
  const renameErrors = reply?.intent === "passkey-rename" ? Object.values(reply.result.error ?? {}).flatMap((errors) => errors ?? []) : undefined;
  return (
    <section className="panel" id="passkeys" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">{t("security:passkeys.heading")}</h2>
      <p className="panel__lead">{t("security:passkeys.lead")}</p>
      <FormErrors id="passkey-rename-error" errors={renameErrors} />
      {passkeys.list.length === 0 ? <p>{t("security:passkeys.none")}</p> : null}
      <ul className="passkey-list">
        {passkeys.list.map((passkey) => (
          <li key={passkey.id} className="passkey-list__item">
            <Form method="post" className="field passkey-list__rename">
              <input type="hidden" name="intent" value="passkey-rename" />
              <input type="hidden" name="passkey" value={passkey.id} />
              <label htmlFor={`passkey-${passkey.id}`} className="visually-hidden">
                {t("security:passkeys.name")}
              </label>
              <input id={`passkey-${passkey.id}`} name="name" defaultValue={passkey.name} maxLength={60} required />
              <button type="submit" className="button button--secondary">
                {t("security:passkeys.rename")}
              </button>
            </Form>
            <span className="passkey-list__date">{t("security:passkeys.created", { date: formatDate(new Date(passkey.createdAt), language) })}</span>
            <Form method="post">
              <input type="hidden" name="intent" value="passkey-remove" />
              <input type="hidden" name="passkey" value={passkey.id} />
              <button type="submit" className="button button--danger" aria-label={`${t("security:passkeys.remove")}: ${passkey.name}`}>
                {t("security:passkeys.remove")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <AddPasskey />
    </section>
  );
}

function AddPasskey() {
  const { t } = useSecurityT();
  const revalidator = useRevalidator();
  const [support, setSupport] = useState<"unknown" | "yes" | "no">("unknown");
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");
  useEffect(() => setSupport(passkeysSupported() ? "yes" : "no"), []);
  if (support === "unknown") return <p className="field__hint">{t("security:passkeys.needs_js")}</p>;
  if (support === "no") return <p className="field__hint">{t("security:passkeys.unsupported")}</p>;
  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "").trim();
    setState("busy");
    try {
      await addPasskey("/cabinet/security/passkey", name);
      form.reset();
      setState("idle");
      await revalidator.revalidate();
    } catch {
      setState("failed");
    }
  }
  return (
    <form className="form" onSubmit={add}>
      {state === "failed" ? (
        <div className="form__errors" role="alert">
          <p>{t("security:passkeys.failed")}</p>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="passkey-new-name">{t("security:passkeys.name")}</label>
        <input id="passkey-new-name" name="name" required maxLength={60} defaultValue="Passkey" />
      </div>
      <div className="form__actions">
        <button type="submit" className="button" disabled={state === "busy"}>
          {t("security:passkeys.add")}
        </button>
      </div>
    </form>
  );
}
