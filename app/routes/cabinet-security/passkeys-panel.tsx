import { useEffect, useState, type FormEvent } from "react";
import { Form, useRevalidator } from "react-router";
import { addPasskey, passkeysSupported } from "#app/components/account/passkey-client.ts";
import { useSecurityT } from "#app/components/account/use-security-t.ts";
import { FormErrors } from "#app/components/forms/error-list.tsx";
import type { FormConstraint } from "#app/components/forms/use-server-checked-form.ts";
import { usePageLanguage } from "#app/hooks/use-t.ts";
import { formatDate } from "#app/platform/format/dates.ts";
import type { FormReply } from "#app/modules/auth/responses.server.ts";
import { IntentButton } from "#app/components/forms/intent-button.tsx";

type Passkey = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

/**
 * The user's passkeys: rename and remove work as plain forms; adding one needs the browser's
 * WebAuthn (JS) and a recent sign-in (`recent`; otherwise the page's password form comes first).
 */
export function PasskeysPanel({
  passkeys,
  recent,
  reply,
}: {
  passkeys: { list: Passkey[]; constraint: FormConstraint; newName: string };
  recent: boolean;
  reply: FormReply | undefined;
}) {
  const { t } = useSecurityT();
  const language = usePageLanguage();
  const renameErrors =
    reply?.intent === "passkey-rename" ? Object.values(reply.result.error ?? {}).flatMap((errors) => errors ?? []) : undefined;
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
            <span className="passkey-list__date">
              {t("security:passkeys.created", { date: formatDate(new Date(passkey.createdAt), language) })}
            </span>
            <IntentButton
              intent="passkey-remove"
              fields={{ passkey: passkey.id }}
              buttonClassName="button button--danger"
              ariaLabel={`${t("security:passkeys.remove")}: ${passkey.name}`}
            >
              {t("security:passkeys.remove")}
            </IntentButton>
          </li>
        ))}
      </ul>
      {recent ? <AddPasskey name={passkeys.newName} /> : <p className="field__hint">{t("security:passkeys.reauth_needed")}</p>}
    </section>
  );
}

/** `name`: the suggested name, in the page's language. */
function AddPasskey({ name: suggested }: { name: string }) {
  const { t } = useSecurityT();
  const revalidator = useRevalidator();
  const [support, setSupport] = useState<"unknown" | "yes" | "no">("unknown");
  const [state, setState] = useState<"idle" | "busy" | "failed" | "reauthenticate">("idle");
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
    } catch (error) {
      // The server's window ran out while the page was open: the page reloads with the password form.
      if (error instanceof Error && error.message === "reauthenticate") {
        setState("reauthenticate");
        await revalidator.revalidate();
      } else {
        setState("failed");
      }
    }
  }
  return (
    <form className="form" onSubmit={add}>
      {state === "failed" || state === "reauthenticate" ? (
        <div className="form__errors" role="alert">
          <p>{t(state === "failed" ? "security:passkeys.failed" : "security:passkeys.reauth_failed")}</p>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="passkey-new-name">{t("security:passkeys.name")}</label>
        <input id="passkey-new-name" name="name" required maxLength={60} defaultValue={suggested} />
      </div>
      <div className="form__actions">
        <button type="submit" className="button" disabled={state === "busy"}>
          {t("security:passkeys.add")}
        </button>
      </div>
    </form>
  );
}
