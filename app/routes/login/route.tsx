import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useAccountT } from "#app/components/account/use-account-t.ts";
import type { ReactNode } from "react";
import { Form, redirect } from "react-router";
import type { Route } from "./+types/route";
import { readForm, requestWithForm } from "#app/modules/http/body.server.ts";
import { accountT } from "#app/modules/auth/translate.server.ts";
import { NewPasswordField } from "#app/components/account/new-password-field.tsx";
import { FormErrors } from "#app/components/forms/error-list.tsx";
import { InputField } from "#app/components/forms/fields.tsx";
import { serverCheckedFormProps, useServerCheckedForm, type FormConstraint, type ServerCheckedForm } from "#app/components/forms/use-server-checked-form.ts";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { queueAlreadyRegisteredMail, queuePasswordResetMail, queueVerificationMail } from "#app/modules/auth/account-mail.server.ts";
import { landingPath } from "#app/modules/auth/access.ts";
import { getCurrentUser } from "#app/modules/auth/guards.server.ts";
import { hashPassword } from "#app/modules/auth/password.server.ts";
import { consumeLimit, limitRules } from "#app/modules/auth/rate-limit.server.ts";
import { formReply, tooManyReply, type FormReply } from "#app/modules/auth/responses.server.ts";
import { publicOrigin } from "#app/modules/config/config.server.ts";
import { completeFirstFactor, signIn } from "#app/modules/auth/sign-in.server.ts";
import { createUser, EmailTakenError, findUserByEmail } from "#app/modules/auth/users.server.ts";
import { getClientAddress } from "#app/modules/http/client-address.server.ts";
import { redirectWithFlash } from "#app/modules/http/flash.server.ts";
import { safeRedirectPath } from "#app/modules/http/safe-redirect.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { forgotSchema, registerSchema, signInLinkSchema, signInSchema, type LoginIntent } from "./schema.ts";
import { queueSignInLinkMail } from "#app/modules/auth/sign-in-link.server.ts";
import { SignInLinkForm } from "./sign-in-link-form.tsx";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { badRequest } from "#app/modules/http/errors.ts";
import { PasskeySignIn } from "./passkey-sign-in.tsx";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  const t = accountT(context);
  const target = safeRedirectPath(url.searchParams.get("redirect"), "");
  const user = getCurrentUser(context);
  if (user) throw redirect(target || localizePath(landingPath(user.role), localeFromPath(url.pathname)));
  // /api/auth/signin answers a failed sign-in with ?error=CredentialsSignin.
  const error = url.searchParams.get("error") === "CredentialsSignin" ? "auth:login.invalid_credentials" : null;
  const constraints = { signin: getZodConstraint(signInSchema), register: getZodConstraint(registerSchema), forgot: getZodConstraint(forgotSchema), link: getZodConstraint(signInLinkSchema) };
  return { redirect: target, error, constraints, seo: { title: t("auth:login.title"), description: t("auth:login.seo_description") } };
}

export { headers } from "#app/modules/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const formData = await readForm(request);
  const locale = localeFromPath(url.pathname);
  const intent = formData.get("intent");

  if (intent === "signin") {
    const submission = parseWithZod(formData, { schema: signInSchema });
    if (submission.status !== "success") return formReply(intent, submission.reply({ hideFields: ["password"] }), 400);
    const outcome = await signIn(requestWithForm(request, formData), context, submission.value.email);
    if (!outcome.ok) {
      if (outcome.reason === "limited") {
        return tooManyReply(intent, submission, { limited: true, retryAfterSeconds: outcome.retryAfterSeconds }, ["password"]);
      }
      const message = outcome.reason === "blocked" ? "auth:login.blocked" : "auth:login.invalid_credentials";
      return formReply(intent, submission.reply({ formErrors: [message], hideFields: ["password"] }), outcome.reason === "blocked" ? 403 : 401);
    }
    // Only same-site relative paths are followed; without one, staff land on the dashboard and users in the cabinet.
    const next = await completeFirstFactor(request, context, outcome.user, safeRedirectPath(submission.value.redirect, ""), locale);
    if (next.secondStep) return redirect(next.location, { headers: { "Set-Cookie": next.setCookie } });
    return redirectWithFlash(next.location, { severity: "success", message: "auth:flash.signed_in" }, { headers: { "Set-Cookie": next.setCookie } });
  }

  if (intent === "register") {
    const submission = parseWithZod(formData, { schema: registerSchema });
    if (submission.status !== "success") return formReply(intent, submission.reply({ hideFields: ["password", "website"] }), 400);
    const sent = `${localizePath("/verify-request", locale)}?sent=register`;
    // The honeypot: a bot that filled the hidden field gets the usual answer, and nothing happens.
    if (submission.value.website) return redirect(sent);
    const { email, password, name } = submission.value;
    const limit = await consumeLimit(limitRules.register(getClientAddress(context), email));
    if (limit.limited) return tooManyReply(intent, submission, limit, ["password", "website"]);
    // Known and unknown addresses get the same answer (and cost the same hashing time);
    // only the mailbox learns which it was.
    try {
      const existing = await findUserByEmail(email);
      if (existing) {
        await hashPassword(password);
        if (!existing.blocked_at) await queueAlreadyRegisteredMail(existing, publicOrigin(context));
      } else {
        const user = await createUser({ email, password, name, preferredLocale: locale });
        await queueVerificationMail(user, publicOrigin(context));
      }
    } catch (error) {
      // A concurrent registration of the same address is "known" too; a mail failure is
      // logged, and the user can ask for the link again from the cabinet.
      if (!(error instanceof EmailTakenError)) console.error("register:", error);
    }
    return redirect(sent);
  }

  if (intent === "forgot") {
    const submission = parseWithZod(formData, { schema: forgotSchema });
    if (submission.status !== "success") return formReply(intent, submission.reply(), 400);
    const { email } = submission.value;
    const limit = await consumeLimit(limitRules.mailRequest(getClientAddress(context), email));
    if (limit.limited) return tooManyReply(intent, submission, limit);
    // Known and unknown addresses get the same answer in the same time: the request queues
    // the address; the lookup, the token and the mail happen in the job worker.
    await queuePasswordResetMail(email, publicOrigin(context));
    return redirect(`${localizePath("/verify-request", locale)}?sent=reset`);
  }

  if (intent === "link") {
    const submission = parseWithZod(formData, { schema: signInLinkSchema });
    if (submission.status !== "success") return formReply(intent, submission.reply(), 400);
    const { email } = submission.value;
    // The reset mail's limits, counted together with it: one more way to mail an address.
    const limit = await consumeLimit(limitRules.mailRequest(getClientAddress(context), email));
    if (limit.limited) return tooManyReply(intent, submission, limit);
    // Like the reset: the same answer in the same time for any address; the worker looks it up.
    await queueSignInLinkMail(email, publicOrigin(context));
    return redirect(`${localizePath("/verify-request", locale)}?sent=link`);
  }

  badRequest();
}

function useIntentResult(actionData: FormReply | undefined, intent: LoginIntent) {
  return actionData?.intent === intent ? actionData.result : undefined;
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAccountT();
  return (
    <div className="auth-page">
      <section className="panel" aria-labelledby="signin-heading">
        <h1 id="signin-heading">{t("auth:login.sign_in_heading")}</h1>
        <SignInForm redirectTo={loaderData.redirect} lastResult={useIntentResult(actionData, "signin")} linkError={loaderData.error} constraint={loaderData.constraints.signin} />
        <PasskeySignIn redirectTo={loaderData.redirect} />
        <p>
          <a href="#forgot-password">{t("auth:login.forgot_link")}</a>
        </p>
      </section>
      <SignInLinkForm lastResult={useIntentResult(actionData, "link")} constraint={loaderData.constraints.link} />
      <section className="panel" aria-labelledby="register-heading">
        <h2 id="register-heading">{t("auth:login.register_heading")}</h2>
        <p className="panel__lead">{t("auth:login.register_lead")}</p>
        <RegisterForm lastResult={useIntentResult(actionData, "register")} constraint={loaderData.constraints.register} />
      </section>
      <section className="panel" id="forgot-password" aria-labelledby="forgot-heading">
        <h2 id="forgot-heading">{t("auth:login.forgot_heading")}</h2>
        <p className="panel__lead">{t("auth:login.forgot_lead")}</p>
        <ForgotForm lastResult={useIntentResult(actionData, "forgot")} constraint={loaderData.constraints.forgot} />
      </section>
    </div>
  );
}

type FormResult = FormReply["result"] | undefined;

/** Each of the page's forms: a post naming its intent, its form-level errors above its fields. */
function LoginForm({ form, intent, errors = form.errors, children }: { form: ServerCheckedForm; intent: LoginIntent; errors?: string[]; children: ReactNode }) {
  return (
    <Form method="post" className="form" {...serverCheckedFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      <FormErrors id={form.errorId} errors={errors} />
      {children}
    </Form>
  );
}

function SignInForm({ redirectTo, lastResult, linkError, constraint }: { redirectTo: string; lastResult: FormResult; linkError: string | null; constraint: FormConstraint }) {
  const { t } = useAccountT();
  const [form, fields] = useServerCheckedForm({ id: "signin", lastResult, constraint });
  return (
    <LoginForm form={form} intent="signin" errors={form.errors ?? (linkError && !lastResult ? [linkError] : undefined)}>
      <input type="hidden" name="redirect" value={redirectTo} />
      <InputField field={fields.email} label={t("auth:login.email")} type="email" autoComplete="username" />
      <InputField field={fields.password} label={t("auth:login.password")} type="password" autoComplete="current-password" />
      <SubmitRow>{t("auth:login.submit_sign_in")}</SubmitRow>
    </LoginForm>
  );
}

function RegisterForm({ lastResult, constraint }: { lastResult: FormResult; constraint: FormConstraint }) {
  const { t } = useAccountT();
  const [form, fields] = useServerCheckedForm({ id: "register", lastResult, constraint });
  return (
    <LoginForm form={form} intent="register">
      <InputField field={fields.name} label={t("auth:login.name")} autoComplete="name" hint={t("auth:login.name_hint")} />
      <InputField field={fields.email} label={t("auth:login.email")} type="email" autoComplete="email" />
      <NewPasswordField field={fields.password} label={t("auth:login.password")} />
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="register-website">{t("auth:login.honeypot")}</label>
        <input id="register-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <SubmitRow>{t("auth:login.submit_register")}</SubmitRow>
    </LoginForm>
  );
}

function ForgotForm({ lastResult, constraint }: { lastResult: FormResult; constraint: FormConstraint }) {
  const { t } = useAccountT();
  const [form, fields] = useServerCheckedForm({ id: "forgot", lastResult, constraint });
  return (
    <LoginForm form={form} intent="forgot">
      <InputField field={fields.email} label={t("auth:login.email")} type="email" autoComplete="email" />
      <SubmitRow variant="secondary">{t("auth:login.submit_forgot")}</SubmitRow>
    </LoginForm>
  );
}
