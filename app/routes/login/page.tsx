import type { Route } from "./+types/route";
import type { FormReply } from "#app/modules/auth/responses.server.ts";
import type { LoginIntent } from "./schema.ts";
import { useAccountT } from "#app/components/account/use-account-t.ts";
import { NewPasswordField } from "#app/components/account/new-password-field.tsx";
import { IntentForm } from "#app/components/forms/intent-form.tsx";
import { InputField } from "#app/components/forms/fields.tsx";
import { serverCheckedFormProps, useServerCheckedForm, type FormConstraint } from "#app/components/forms/use-server-checked-form.ts";
import { MailRequestPanel } from "./mail-request-panel.tsx";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { PasskeySignIn } from "./passkey-sign-in.tsx";

function useIntentResult(actionData: FormReply | undefined, intent: LoginIntent) {
  return actionData?.intent === intent ? actionData.result : undefined;
}

export default function Login({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useAccountT();
  return (
    <div className="auth-page">
      <section className="panel" aria-labelledby="signin-heading">
        <h1 id="signin-heading">{t("auth:login.sign_in_heading")}</h1>
        <SignInForm
          redirectTo={loaderData.redirect}
          lastResult={useIntentResult(actionData, "signin")}
          linkError={loaderData.error}
          constraint={loaderData.constraints.signin}
        />
        <PasskeySignIn redirectTo={loaderData.redirect} />
        <p>
          <a href="#forgot-password">{t("auth:login.forgot_link")}</a>
        </p>
      </section>
      <MailRequestPanel intent="link" lastResult={useIntentResult(actionData, "link")} constraint={loaderData.constraints.link} />
      <section className="panel" aria-labelledby="register-heading">
        <h2 id="register-heading">{t("auth:login.register_heading")}</h2>
        <p className="panel__lead">{t("auth:login.register_lead")}</p>
        <RegisterForm lastResult={useIntentResult(actionData, "register")} constraint={loaderData.constraints.register} />
      </section>
      <MailRequestPanel intent="forgot" lastResult={useIntentResult(actionData, "forgot")} constraint={loaderData.constraints.forgot} />
    </div>
  );
}

type FormResult = FormReply["result"] | undefined;

function SignInForm({
  redirectTo,
  lastResult,
  linkError,
  constraint,
}: {
  redirectTo: string;
  lastResult: FormResult;
  linkError: string | null;
  constraint: FormConstraint;
}) {
  const { t } = useAccountT();
  const [form, fields] = useServerCheckedForm({ id: "signin", lastResult, constraint });
  return (
    <IntentForm
      intent="signin"
      form={form}
      errors={form.errors ?? (linkError && !lastResult ? [linkError] : undefined)}
      {...serverCheckedFormProps(form)}
    >
      <input type="hidden" name="redirect" value={redirectTo} />
      <InputField field={fields.email} label={t("auth:login.email")} type="email" autoComplete="username" />
      <InputField field={fields.password} label={t("auth:login.password")} type="password" autoComplete="current-password" />
      <SubmitRow>{t("auth:login.submit_sign_in")}</SubmitRow>
    </IntentForm>
  );
}

function RegisterForm({ lastResult, constraint }: { lastResult: FormResult; constraint: FormConstraint }) {
  const { t } = useAccountT();
  const [form, fields] = useServerCheckedForm({ id: "register", lastResult, constraint });
  return (
    <IntentForm intent="register" form={form} {...serverCheckedFormProps(form)}>
      <InputField field={fields.name} label={t("auth:login.name")} autoComplete="name" hint={t("auth:login.name_hint")} />
      <InputField field={fields.email} label={t("auth:login.email")} type="email" autoComplete="email" />
      <NewPasswordField field={fields.password} label={t("auth:login.password")} />
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="register-website">{t("auth:login.honeypot")}</label>
        <input id="register-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <SubmitRow>{t("auth:login.submit_register")}</SubmitRow>
    </IntentForm>
  );
}
