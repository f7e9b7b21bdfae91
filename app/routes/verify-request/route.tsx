import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { readForm } from "#app/platform/http/body.server.ts";
import { accountT } from "#app/modules/auth/translate.server.ts";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { clearEvents, limitRules } from "#app/modules/auth/rate-limit.server.ts";
import { formReply } from "#app/modules/auth/responses.server.ts";
import { secureAfterPasswordReset } from "#app/modules/auth/not-me.server.ts";
import { consumeToken, inspectToken } from "#app/modules/auth/tokens.server.ts";
import { findUserById, markEmailVerified, setPassword } from "#app/modules/auth/users.server.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { resetSchema } from "./schema.ts";

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

export { headers } from "#app/platform/http/route-headers.ts";

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
  // Whoever reads the mailbox owns the account: the address is proven, every session ends, and
  // passkeys added since the last password sign-in (a thief's) go.
  await markEmailVerified(userId);
  await secureAfterPasswordReset(userId);
  if (user) await clearEvents([limitRules.accountKey(user.email)]);
  return redirectWithFlash(localizePath("/login", localeFromPath(url.pathname)), {
    severity: "success",
    message: "auth:flash.password_reset",
  });
}

// Forms that post and are checked on the server: plain HTML until the browser is idle or the visitor
// first acts (deferredPage); a form sent before then goes as it does without JS.
export default deferredPage(() => import("./page.tsx"));
