import { getFormProps } from "@conform-to/react";
import { useAccountT } from "#app/components/account/use-account-t.ts";
import { InputField } from "#app/components/forms/fields.tsx";
import { IntentButton } from "#app/components/forms/intent-button.tsx";
import { IntentForm } from "#app/components/forms/intent-form.tsx";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { useConformForm } from "#app/components/forms/use-conform-form.ts";
import type { FormReply } from "#app/modules/auth/responses.server.ts";
import { emailChangeSchema } from "./schema.ts";

type Pending = { email: string; hours: number } | null;

/**
 * "Change email address": the new address and the password, or with two-factor on, an app code. While a change waits for its
 * link, the page says where the link went and offers to cancel it (a plain post, no JS needed).
 */
export function EmailChangeSection({
  email,
  pending,
  twoFactor,
  lastResult,
}: {
  email: string;
  pending: Pending;
  twoFactor: boolean;
  lastResult: FormReply["result"] | undefined;
}) {
  const { t } = useAccountT();
  const [form, fields] = useConformForm(emailChangeSchema, { id: "email-change-form", lastResult });
  return (
    <section className="panel" id="email-change" aria-labelledby="email-change-heading">
      <h2 id="email-change-heading">{t("cabinet:email_change.heading")}</h2>
      <p className="panel__lead">{t("cabinet:email_change.lead", { email })}</p>
      {pending ? (
        <div className="notice email-change__pending" role="status">
          <p>{t("cabinet:email_change.pending", { pending: pending.email, email, hours: pending.hours })}</p>
          <IntentButton intent="email-change-cancel" buttonClassName="button button--secondary">
            {t("cabinet:email_change.cancel")}
          </IntentButton>
        </div>
      ) : null}
      <IntentForm intent="email-change" form={form} {...getFormProps(form)}>
        <InputField field={fields.newEmail} label={t("cabinet:email_change.new_email")} type="email" autoComplete="email" />
        <InputField
          field={fields.currentPassword}
          label={t("cabinet:email_change.current_password")}
          type="password"
          autoComplete="current-password"
        />
        {twoFactor ? (
          <InputField
            field={fields.code}
            label={t("cabinet:email_change.code")}
            autoComplete="one-time-code"
            hint={t("cabinet:email_change.code_hint")}
          />
        ) : null}
        <SubmitRow>{t("cabinet:email_change.submit")}</SubmitRow>
      </IntentForm>
    </section>
  );
}
