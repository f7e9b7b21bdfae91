import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { readForm, requestWithForm } from "#app/platform/http/body.server.ts";
import { accountT } from "#app/modules/auth/translate.server.ts";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { queueAlreadyRegisteredMail, queuePasswordResetMail, queueVerificationMail } from "#app/modules/auth/account-mail.server.ts";
import { landingPath } from "#app/modules/auth/access.ts";
import { getCurrentUser } from "#app/modules/auth/guards.server.ts";
import { hashPassword } from "#app/modules/auth/password.server.ts";
import { consumeLimit, limitRules } from "#app/modules/auth/rate-limit.server.ts";
import { formReply, tooManyReply } from "#app/modules/auth/responses.server.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { completeFirstFactor, signIn } from "#app/modules/auth/sign-in.server.ts";
import { createUser, EmailTakenError, findUserByEmail } from "#app/modules/auth/users.server.ts";
import { getClientAddress } from "#app/platform/http/client-address.server.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { safeRedirectPath } from "#app/platform/http/safe-redirect.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { getCachedSettings } from "#app/platform/settings/settings.server.ts";
import { emailDomainBlocked } from "#app/modules/auth/email-domains.ts";
import { forgotSchema, registerSchema, signInLinkSchema, signInSchema } from "./schema.ts";
import { queueSignInLinkMail } from "#app/modules/auth/sign-in-link.server.ts";
import { badRequest } from "#app/platform/http/errors.ts";
import { logger } from "#app/platform/logger/logger.server.ts";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  const t = accountT(context);
  const target = safeRedirectPath(url.searchParams.get("redirect"), "");
  const user = getCurrentUser(context);
  if (user) throw redirect(target || localizePath(landingPath(user.role), localeFromPath(url.pathname)));
  // /api/auth/signin answers a failed sign-in with ?error=CredentialsSignin.
  const error = url.searchParams.get("error") === "CredentialsSignin" ? "auth:login.invalid_credentials" : null;
  const constraints = {
    signin: getZodConstraint(signInSchema),
    register: getZodConstraint(registerSchema),
    forgot: getZodConstraint(forgotSchema),
    link: getZodConstraint(signInLinkSchema),
  };
  return { redirect: target, error, constraints, seo: { title: t("auth:login.title"), description: t("auth:login.seo_description") } };
}

export { headers } from "#app/platform/http/route-headers.ts";

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
      return formReply(
        intent,
        submission.reply({ formErrors: [message], hideFields: ["password"] }),
        outcome.reason === "blocked" ? 403 : 401,
      );
    }
    // Only same-site relative paths are followed; without one, staff land on the dashboard and users in the cabinet.
    const next = await completeFirstFactor(request, context, outcome.user, safeRedirectPath(submission.value.redirect, ""), locale);
    if (next.secondStep) return redirect(next.location, { headers: { "Set-Cookie": next.setCookie } });
    return redirectWithFlash(
      next.location,
      { severity: "success", message: "auth:flash.signed_in" },
      { headers: { "Set-Cookie": next.setCookie } },
    );
  }

  if (intent === "register") {
    const submission = parseWithZod(formData, { schema: registerSchema });
    if (submission.status !== "success") return formReply(intent, submission.reply({ hideFields: ["password", "website"] }), 400);
    const sent = `${localizePath("/verify-request", locale)}?sent=register`;
    // The honeypot: a bot that filled the hidden field gets the usual answer, and nothing happens.
    if (submission.value.website) return redirect(sent);
    const { email, password, name } = submission.value;
    // An address on a domain staff blocked (throwaway mailboxes): refused beside the field.
    if (emailDomainBlocked(email, (await getCachedSettings()).blocked_email_domains)) {
      return formReply(
        intent,
        submission.reply({ fieldErrors: { email: ["auth:errors.email_domain_blocked"] }, hideFields: ["password", "website"] }),
        400,
      );
    }
    const limit = await consumeLimit(limitRules.register(getClientAddress(context), email));
    if (limit.limited) return tooManyReply(intent, submission, limit, ["password", "website"]);
    // Known and unknown addresses get the same answer (and cost the same hashing time);
    // only the mailbox learns which it was.
    try {
      const existing = await findUserByEmail(email);
      if (existing) {
        await hashPassword(password);
        if (!existing.blocked_at) await queueAlreadyRegisteredMail(existing, publicOrigin());
      } else {
        const user = await createUser({ email, password, name, preferredLocale: locale });
        await queueVerificationMail(user, publicOrigin());
      }
    } catch (error) {
      // A concurrent registration of the same address is "known" too; a mail failure is
      // logged, and the user can ask for the link again from the cabinet.
      if (!(error instanceof EmailTakenError)) logger.error({ err: error }, "registration failed");
    }
    return redirect(sent);
  }

  // A password reset or a sign-in link: each mails an address, under the same limits (counted
  // together: two ways to mail one address). Known and unknown addresses get the same answer in
  // the same time: the request queues the address; the lookup, the token and the mail happen in
  // the job worker.
  if (intent === "forgot" || intent === "link") {
    const reset = intent === "forgot";
    const submission = parseWithZod(formData, { schema: reset ? forgotSchema : signInLinkSchema });
    if (submission.status !== "success") return formReply(intent, submission.reply(), 400);
    const { email } = submission.value;
    const limit = await consumeLimit(limitRules.mailRequest(getClientAddress(context), email));
    if (limit.limited) return tooManyReply(intent, submission, limit);
    await (reset ? queuePasswordResetMail : queueSignInLinkMail)(email, publicOrigin());
    return redirect(`${localizePath("/verify-request", locale)}?sent=${reset ? "reset" : "link"}`);
  }

  badRequest();
}

// Forms that post and are checked on the server: plain HTML until the browser is idle or the visitor
// first acts (deferredPage); a form sent before then goes as it does without JS.
export default deferredPage(() => import("./page.tsx"));
