import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useAccountT } from "#app/components/account/use-account-t.ts";
import { useSecurityT } from "#app/components/account/use-security-t.ts";
import { Form } from "react-router";
import type { Route } from "./+types/route";
import { readForm } from "#app/modules/http/body.server.ts";
import { accountT } from "#app/modules/auth/translate.server.ts";
import { NewPasswordField } from "#app/components/account/new-password-field.tsx";
import { FormErrors } from "#app/components/forms/error-list.tsx";
import { serverCheckedFormProps, useServerCheckedForm, type FormConstraint } from "#app/components/forms/use-server-checked-form.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { clearEvents, limitRules } from "#app/modules/auth/rate-limit.server.ts";
import { formReply, type FormReply } from "#app/modules/auth/responses.server.ts";
import { deleteUserSessions } from "#app/modules/auth/session.server.ts";
import { queueSecurityMail } from "#app/modules/auth/security-mail.server.ts";
import { consumeToken, inspectToken } from "#app/modules/auth/tokens.server.ts";
import { findUserById, markEmailVerified, setPassword } from "#app/modules/auth/users.server.ts";
import { redirectWithFlash } from "#app/modules/http/flash.server.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { resetSchema } from "./schema.ts";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";

// The URL may hold a token: keep it out of Referer headers sent to other sites (same-origin
// still sends Origin, which form posts need to pass the CSRF origin check).
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args),
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

type PageState =
  | { kind: "sent"; sent: "register" | "reset" | "verify" | "link" | null }
  | { kind: "verified" }
  | { kind: "already_verified" }
  | { kind: "invalid"; purpose: "verify_email" | "reset_password" | null }
  | { kind: "reset"; token: string; email: string };

/**
 * Without a token: the "check your inbox" page. With one, the emailed link: a verification
 * link confirms the address at once; a reset link shows the new-password form (the token
 * is used up only when the new password is saved).
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const t = accountT(context);
  const seo = { title: t("auth:verify.title"), description: t("auth:verify.seo_description") };
  const token = url.searchParams.get("token");
  const state = token ? await stateForToken(token) : sentState(url.searchParams.get("sent"));
  return { state, seo, constraint: getZodConstraint(resetSchema) };
}

function sentState(sent: string | null): PageState {
  return { kind: "sent", sent: sent === "register" || sent === "reset" || sent === "verify" || sent === "link" ? sent : null };
}

async function stateForToken(token: string): Promise<PageState> {
  const check = await inspectToken(token);
  if (check.status === "unknown") return { kind: "invalid", purpose: null };
  if (check.purpose === "verify_email") {
    if (check.status === "valid") {
      const userId = await consumeToken(token, "verify_email");
      if (userId !== null) {
        await markEmailVerified(userId);
        return { kind: "verified" };
      }
    }
    const user = await findUserById(check.userId);
    if (user?.email_verified_at) return { kind: "already_verified" };
    return { kind: "invalid", purpose: "verify_email" };
  }
  if (check.status !== "valid") return { kind: "invalid", purpose: "reset_password" };
  const user = await findUserById(check.userId);
  if (!user) return { kind: "invalid", purpose: "reset_password" };
  return { kind: "reset", token, email: user.email };
}

export { headers } from "#app/modules/http/route-headers.ts";

export async function action({ request, url }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: resetSchema });
  if (submission.status !== "success") return formReply("reset", submission.reply({ hideFields: ["password"] }), 400);
  const userId = await consumeToken(submission.value.token, "reset_password");
  if (userId === null) {
    return formReply("reset", submission.reply({ formErrors: ["auth:errors.link_invalid"], hideFields: ["password"] }), 400);
  }
  const user = await findUserById(userId);
  await setPassword(userId, submission.value.password);
  // Whoever reads the mailbox owns the account: the address is proven, every session ends.
  await markEmailVerified(userId);
  await deleteUserSessions(userId);
  await queueSecurityMail({ userId, event: "password-changed" });
  if (user) await clearEvents([limitRules.accountKey(user.email)]);
  return redirectWithFlash(localizePath("/login", localeFromPath(url.pathname)), {
    severity: "success",
    message: "auth:flash.password_reset",
  });
}

export default function VerifyRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useSecurityT();
  const { state } = loaderData;
  if (state.kind === "reset") return <ResetPassword token={state.token} email={state.email} lastResult={actionData?.result} constraint={loaderData.constraint} />;
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
  const message = state.sent === "link" ? ("security:link.sent" as const) : state.sent ? (`auth:verify.sent_${state.sent}` as const) : ("auth:verify.sent_generic" as const);
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

function ResetPassword({ token, email, lastResult, constraint }: { token: string; email: string; lastResult: FormReply["result"] | undefined; constraint: FormConstraint }) {
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
