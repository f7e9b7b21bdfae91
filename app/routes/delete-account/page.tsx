import type { Route } from "./+types/route";
import type { FormReply } from "#app/modules/auth/responses.server.ts";
import { useAccountT } from "#app/components/account/use-account-t.ts";
import { Form } from "react-router";
import { AppLink } from "#app/components/localized-link.tsx";
import { FormErrors } from "#app/components/forms/error-list.tsx";
import { CheckboxField, InputField } from "#app/components/forms/fields.tsx";
import { serverCheckedFormProps, useServerCheckedForm, type FormConstraint } from "#app/components/forms/use-server-checked-form.ts";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";

export default function DeleteAccount({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useAccountT();
  return (
    <article className="static-page">
      <h1>{t("auth:delete.title")}</h1>
      <p>{t("auth:delete.lead")}</p>
      <h2>{t("auth:delete.what_heading")}</h2>
      <ul>
        <li>{t("auth:delete.what_account")}</li>
        <li>{t("auth:delete.what_sessions")}</li>
        <li>{t("auth:delete.what_adverts")}</li>
      </ul>
      <p>{t("auth:delete.when")}</p>
      {loaderData.email ? (
        <section className="panel" aria-labelledby="confirm-heading">
          <h2 id="confirm-heading">{t("auth:delete.confirm_heading")}</h2>
          <p className="panel__lead">{t("auth:delete.confirm_lead", { email: loaderData.email })}</p>
          <ConfirmForm lastResult={actionData?.result} constraint={loaderData.constraint} />
        </section>
      ) : (
        <>
          <h2>{t("auth:delete.how_heading")}</h2>
          <p>{t("auth:delete.how_signed_out")}</p>
          <p>
            <AppLink to={loaderData.loginPath} className="button" rel="nofollow">
              {t("auth:delete.sign_in_to_delete")}
            </AppLink>
          </p>
        </>
      )}
    </article>
  );
}

function ConfirmForm({ lastResult, constraint }: { lastResult: FormReply["result"] | undefined; constraint: FormConstraint }) {
  const { t } = useAccountT();
  const [form, fields] = useServerCheckedForm({ id: "delete", lastResult, constraint });
  return (
    <Form method="post" className="form" {...serverCheckedFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <InputField field={fields.password} label={t("auth:delete.password")} type="password" autoComplete="current-password" />
      <CheckboxField field={fields.confirm} label={t("auth:delete.confirm")} value="yes" />
      <SubmitRow variant="danger">{t("auth:delete.submit")}</SubmitRow>
    </Form>
  );
}
