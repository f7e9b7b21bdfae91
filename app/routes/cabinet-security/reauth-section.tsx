import { useSecurityT } from "#app/components/account/use-security-t.ts";
import { IntentForm } from "#app/components/forms/intent-form.tsx";
import { InputField } from "#app/components/forms/fields.tsx";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { serverCheckedFormProps, useServerCheckedForm, type FormConstraint } from "#app/components/forms/use-server-checked-form.ts";
import type { FormReply } from "#app/modules/auth/responses.server.ts";

/**
 * "Confirm it is you": shown while the session's sign-in is older than the re-authentication
 * window. A plain post (works without JavaScript); the page then offers adding a passkey and
 * turning two-factor on.
 */
export function ReauthSection({
  reauthentication,
  reply,
}: {
  reauthentication: { minutes: number; constraint: FormConstraint };
  reply: FormReply | undefined;
}) {
  const { t } = useSecurityT();
  const [form, fields] = useServerCheckedForm({
    id: "reauthenticate-form",
    lastResult: reply?.intent === "reauthenticate" ? reply.result : undefined,
    constraint: reauthentication.constraint,
  });
  return (
    <section className="panel" id="reauthenticate" aria-labelledby="reauthenticate-heading">
      <h2 id="reauthenticate-heading">{t("security:reauth.heading")}</h2>
      <p className="panel__lead">{t("security:reauth.lead", { minutes: reauthentication.minutes })}</p>
      <IntentForm intent="reauthenticate" form={form} {...serverCheckedFormProps(form)}>
        <InputField field={fields.password} label={t("security:reauth.password")} type="password" autoComplete="current-password" />
        <SubmitRow>{t("security:reauth.submit")}</SubmitRow>
      </IntentForm>
    </section>
  );
}
