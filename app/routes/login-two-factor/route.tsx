import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, redirect } from "react-router";
import type { Route } from "./+types/route";
import { FormErrors } from "#app/components/forms/error-list.tsx";
import { InputField } from "#app/components/forms/fields.tsx";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { serverCheckedFormProps, useServerCheckedForm, type FormConstraint } from "#app/components/forms/use-server-checked-form.ts";
import { useSecurityT } from "#app/components/account/use-security-t.ts";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { getCurrentUser } from "#app/modules/auth/guards.server.ts";
import { clearEvents, consumeLimit, limitRules } from "#app/modules/auth/rate-limit.server.ts";
import { formReply, tooManyReply, type FormReply } from "#app/modules/auth/responses.server.ts";
import { clearPendingCookie, consumePendingStep, readPendingStep } from "#app/modules/auth/second-step.server.ts";
import { completeSecondFactor } from "#app/modules/auth/sign-in.server.ts";
import { verifySecondFactor } from "#app/modules/auth/totp.server.ts";
import { accountT } from "#app/modules/auth/translate.server.ts";
import { readForm } from "#app/modules/http/body.server.ts";
import { badRequest } from "#app/modules/http/errors.ts";
import { redirectWithFlash } from "#app/modules/http/flash.server.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { recoveryCodeSchema, totpCodeSchema, type SecondStepIntent } from "#app/modules/auth/second-factor-schemas.ts";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export { headers } from "#app/modules/http/route-headers.ts";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const locale = localeFromPath(url.pathname);
  if (getCurrentUser(context)) throw redirect(localizePath("/cabinet", locale));
  const pending = await readPendingStep(request);
  if (!pending) throw redirect(localizePath("/login", locale));
  const t = accountT(context);
  return {
    constraints: { totp: getZodConstraint(totpCodeSchema), recovery: getZodConstraint(recoveryCodeSchema) },
    seo: { title: t("security:second_step.title"), description: t("security:second_step.lead") },
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const locale = localeFromPath(url.pathname);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent !== "totp-verify" && intent !== "recovery-verify") badRequest();
  const pending = await readPendingStep(request);
  // The ten minutes ran out (or the step was used): the password again.
  if (!pending) {
    return redirectWithFlash(localizePath("/login", locale), { severity: "warn", message: "security:flash.step_expired" }, { headers: { "Set-Cookie": await clearPendingCookie() } });
  }
  const submission = parseWithZod(formData, { schema: intent === "totp-verify" ? totpCodeSchema : recoveryCodeSchema });
  if (submission.status !== "success") return formReply(intent, submission.reply({ hideFields: ["code"] }), 400);

  const attempt = await consumeLimit(limitRules.secondStep(pending.userId));
  if (attempt.limited) return tooManyReply(intent, submission, attempt, ["code"]);
  const kind = intent === "totp-verify" ? "totp" : "recovery";
  if (!(await verifySecondFactor(pending.userId, submission.value.code, kind))) {
    const message = kind === "totp" ? "security:errors.code_wrong" : "security:errors.recovery_wrong";
    return formReply(intent, submission.reply({ fieldErrors: { code: [message] }, hideFields: ["code"] }), 401);
  }
  await attempt.release();
  await clearEvents([limitRules.secondStepKey(pending.userId)]);
  if (!(await consumePendingStep(pending.id))) return redirect(localizePath("/login", locale));
  const done = await completeSecondFactor(request, context, { id: pending.userId, role: pending.role }, pending.redirectTo, locale);
  const headers = new Headers();
  headers.append("Set-Cookie", done.setCookie);
  headers.append("Set-Cookie", await clearPendingCookie());
  return redirectWithFlash(done.location, { severity: "success", message: "auth:flash.signed_in" }, { headers });
}

export default function SecondStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useSecurityT();
  const reply = actionData as FormReply<SecondStepIntent> | undefined;
  const resultOf = (intent: SecondStepIntent) => (reply?.intent === intent ? reply.result : undefined);
  return (
    <div className="auth-page">
      <section className="panel" aria-labelledby="second-step-heading">
        <h1 id="second-step-heading">{t("security:second_step.title")}</h1>
        <p className="panel__lead">{t("security:second_step.lead")}</p>
        <CodeForm intent="totp-verify" lastResult={resultOf("totp-verify")} constraint={loaderData.constraints.totp} label={t("security:second_step.code")} submit={t("security:second_step.submit")} otp />
      </section>
      <section className="panel" aria-labelledby="recovery-heading">
        <h2 id="recovery-heading">{t("security:second_step.recovery_heading")}</h2>
        <p className="panel__lead">{t("security:second_step.recovery_lead")}</p>
        <CodeForm intent="recovery-verify" lastResult={resultOf("recovery-verify")} constraint={loaderData.constraints.recovery} label={t("security:second_step.recovery_code")} submit={t("security:second_step.recovery_submit")} />
      </section>
    </div>
  );
}

function CodeForm({ intent, lastResult, constraint, label, submit, otp = false }: { intent: SecondStepIntent; lastResult: FormReply["result"] | undefined; constraint: FormConstraint; label: string; submit: string; otp?: boolean }) {
  const [form, fields] = useServerCheckedForm({ id: intent, lastResult, constraint });
  return (
    <Form method="post" className="form" {...serverCheckedFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <InputField field={fields.code} label={label} autoComplete={otp ? "one-time-code" : "off"} />
      <SubmitRow variant={otp ? undefined : "secondary"}>{submit}</SubmitRow>
    </Form>
  );
}
