import { Form } from "react-router";
import { useSecurityT } from "#app/components/account/use-security-t.ts";
import { FormErrors } from "#app/components/forms/error-list.tsx";
import { InputField } from "#app/components/forms/fields.tsx";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { serverCheckedFormProps, useServerCheckedForm, type FormConstraint } from "#app/components/forms/use-server-checked-form.ts";
import type { FormReply } from "#app/modules/auth/responses.server.ts";

/** "Email me a sign-in link", beside the password form. */
export function SignInLinkForm({ lastResult, constraint }: { lastResult: FormReply["result"] | undefined; constraint: FormConstraint }) {
  const { t } = useSecurityT();
  const [form, fields] = useServerCheckedForm({ id: "link", lastResult, constraint });
  return (
    <section className="panel" id="sign-in-link" aria-labelledby="link-heading">
      <h2 id="link-heading">{t("security:link.heading")}</h2>
      <p className="panel__lead">{t("security:link.lead")}</p>
      <Form method="post" className="form" {...serverCheckedFormProps(form)}>
        <input type="hidden" name="intent" value="link" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <InputField field={fields.email} label={t("auth:login.email")} type="email" autoComplete="email" />
        <SubmitRow variant="secondary">{t("security:link.submit")}</SubmitRow>
      </Form>
    </section>
  );
}
