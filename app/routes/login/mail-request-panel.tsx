import { useSecurityT } from "#app/components/account/use-security-t.ts";
import { InputField } from "#app/components/forms/fields.tsx";
import { IntentForm } from "#app/components/forms/intent-form.tsx";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { serverCheckedFormProps, useServerCheckedForm, type FormConstraint } from "#app/components/forms/use-server-checked-form.ts";
import type { FormReply } from "#app/modules/auth/responses.server.ts";

/** Each request's panel: its anchor (the mails and pages link to it) and its words. */
const PANELS = {
  link: { anchor: "sign-in-link", heading: "security:link.heading", lead: "security:link.lead", submit: "security:link.submit" },
  forgot: {
    anchor: "forgot-password",
    heading: "auth:login.forgot_heading",
    lead: "auth:login.forgot_lead",
    submit: "auth:login.submit_forgot",
  },
} as const;

/** "Email me a sign-in link" and "Forgot your password?": an address to mail a link to, under their own headings. */
export function MailRequestPanel({
  intent,
  lastResult,
  constraint,
}: {
  intent: keyof typeof PANELS;
  lastResult: FormReply["result"] | undefined;
  constraint: FormConstraint;
}) {
  const { t } = useSecurityT();
  const [form, fields] = useServerCheckedForm({ id: intent, lastResult, constraint });
  const panel = PANELS[intent];
  return (
    <section className="panel" id={panel.anchor} aria-labelledby={`${intent}-heading`}>
      <h2 id={`${intent}-heading`}>{t(panel.heading)}</h2>
      <p className="panel__lead">{t(panel.lead)}</p>
      <IntentForm intent={intent} form={form} {...serverCheckedFormProps(form)}>
        <InputField field={fields.email} label={t("auth:login.email")} type="email" autoComplete="email" />
        <SubmitRow variant="secondary">{t(panel.submit)}</SubmitRow>
      </IntentForm>
    </section>
  );
}
