import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { getCurrentUser } from "#app/modules/auth/guards.server.ts";
import { clearEvents, consumeLimit, limitRules } from "#app/modules/auth/rate-limit.server.ts";
import { formReply, tooManyReply } from "#app/modules/auth/responses.server.ts";
import { clearPendingCookie, consumePendingStep, readPendingStep } from "#app/modules/auth/second-step.server.ts";
import { completeSecondFactor } from "#app/modules/auth/sign-in.server.ts";
import { verifySecondFactor } from "#app/modules/auth/totp.server.ts";
import { accountT } from "#app/modules/auth/translate.server.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { badRequest } from "#app/platform/http/errors.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { recoveryCodeSchema, totpCodeSchema } from "#app/modules/auth/second-factor-schemas.ts";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export { headers } from "#app/platform/http/route-headers.ts";

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
    return redirectWithFlash(
      localizePath("/login", locale),
      { severity: "warn", message: "security:flash.step_expired" },
      { headers: { "Set-Cookie": await clearPendingCookie() } },
    );
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
  const done = await completeSecondFactor(request, context, { id: pending.userId, role: pending.role }, pending.redirectTo, locale, "code");
  const headers = new Headers();
  headers.append("Set-Cookie", done.setCookie);
  headers.append("Set-Cookie", await clearPendingCookie());
  return redirectWithFlash(done.location, { severity: "success", message: "auth:flash.signed_in" }, { headers });
}

// Forms that post and are checked on the server: plain HTML until the browser is idle or the visitor
// first acts (deferredPage); a form sent before then goes as it does without JS.
export default deferredPage(() => import("./page.tsx"));
