import type { Route } from "./+types/route";
import type { FormReply } from "#app/modules/auth/responses.server.ts";
import { useAccountT } from "#app/components/account/use-account-t.ts";
import { useSecurityT } from "#app/components/account/use-security-t.ts";
import { Form } from "react-router";
import { NewPasswordField } from "#app/components/account/new-password-field.tsx";
import { FormErrors } from "#app/components/forms/error-list.tsx";
import { serverCheckedFormProps, useServerCheckedForm, type FormConstraint } from "#app/components/forms/use-server-checked-form.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";

export default function VerifyRequest({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useSecurityT();
  const { state } = loaderData;
  if (state.kind === "reset")
    return <ResetPassword token={state.token} email={state.email} lastResult={actionData?.result} constraint={loaderData.constraint} />;
  if (state.kind === "verified" || state.kind === "already_verified") {
    return (
      <section className="panel auth-page--narrow" aria-labelledby="verify-title">
        <h1 id="verify-title">{t("auth:verify.verified_title")}</h1>
        <p>{t(state.kind === "verified" ? "auth:verify.verified" : "auth:verify.already_verified")}</p>
        <p>
          <LocalizedLink to="/login" className="button">
            {t("auth:verify.to_login")}
          </LocalizedLink>
        </p>
      </section>
    );
  }
  if (state.kind === "invalid") {
    return (
      <section className="panel auth-page--narrow" aria-labelledby="verify-title">
        <h1 id="verify-title">{t("auth:verify.invalid_title")}</h1>
        <p>{t("auth:verify.invalid")}</p>
        {state.purpose === "verify_email" ? <p>{t("auth:verify.invalid_verify_hint")}</p> : null}
        <p>
          <LocalizedLink to={state.purpose === "verify_email" ? "/login" : "/login#forgot-password"} className="button">
            {state.purpose === "verify_email" ? t("auth:verify.to_login") : t("auth:verify.invalid_reset_hint")}
          </LocalizedLink>
        </p>
      </section>
    );
  }
  const message =
    state.sent === "link"
      ? ("security:link.sent" as const)
      : state.sent
        ? (`auth:verify.sent_${state.sent}` as const)
        : ("auth:verify.sent_generic" as const);
  return (
    <section className="panel auth-page--narrow" aria-labelledby="verify-title">
      <h1 id="verify-title">{t("auth:verify.title")}</h1>
      <p>{t(message)}</p>
      <p className="panel__lead">{t("auth:verify.spam_hint")}</p>
      <p>
        <LocalizedLink to="/login">{t("auth:verify.back_to_login")}</LocalizedLink>
      </p>
    </section>
  );
}

function ResetPassword({
  token,
  email,
  lastResult,
  constraint,
}: {
  token: string;
  email: string;
  lastResult: FormReply["result"] | undefined;
  constraint: FormConstraint;
}) {
  const { t } = useAccountT();
  const [form, fields] = useServerCheckedForm({ id: "reset", lastResult, constraint });
  return (
    <section className="panel auth-page--narrow" aria-labelledby="reset-title">
      <h1 id="reset-title">{t("auth:verify.reset_title")}</h1>
      <p className="panel__lead">{t("auth:verify.reset_lead", { email })}</p>
      <Form method="post" className="form" {...serverCheckedFormProps(form)}>
        <input type="hidden" name="token" value={token} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <NewPasswordField field={fields.password} label={t("auth:verify.new_password")} />
        <SubmitRow>{t("auth:verify.submit_reset")}</SubmitRow>
      </Form>
    </section>
  );
}
