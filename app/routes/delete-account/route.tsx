import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { readForm } from "#app/platform/http/body.server.ts";
import { accountT } from "#app/modules/auth/translate.server.ts";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { getCurrentUser, loginRedirectPath, requireUser } from "#app/modules/auth/guards.server.ts";
import { formReply, tooManyReply } from "#app/modules/auth/responses.server.ts";
import { clearSessionCookie } from "#app/modules/auth/session.server.ts";
import { beginPasswordAttempt } from "#app/modules/auth/sign-in.server.ts";
import { checkPassword, countAdmins, deleteAccount } from "#app/modules/auth/users.server.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { deleteAccountSchema } from "./schema.ts";

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/** Everyone can read how deletion works; a signed-in user also gets the confirmation form. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const t = accountT(context);
  const user = getCurrentUser(context);
  return {
    email: user?.email ?? null,
    loginPath: loginRedirectPath(url),
    constraint: getZodConstraint(deleteAccountSchema),
    seo: { title: t("auth:delete.title"), description: t("auth:delete.seo_description") },
  };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireUser({ context, url });
  const submission = parseWithZod(await readForm(request), { schema: deleteAccountSchema });
  if (submission.status !== "success") return formReply("delete", submission.reply({ hideFields: ["password"] }), 400);
  const attempt = await beginPasswordAttempt(context, user.email);
  if (attempt.limited) return tooManyReply("delete", submission, attempt, ["password"]);
  if (!(await checkPassword(user.id, submission.value.password))) {
    return formReply(
      "delete",
      submission.reply({ fieldErrors: { password: ["auth:errors.password_wrong"] }, hideFields: ["password"] }),
      401,
    );
  }
  await attempt.release();
  if (user.role === "admin" && (await countAdmins()) <= 1) {
    return formReply("delete", submission.reply({ formErrors: ["auth:errors.last_admin"], hideFields: ["password"] }), 409);
  }
  await deleteAccount(user.id);
  return redirectWithFlash(
    localizePath("/", localeFromPath(url.pathname)),
    { severity: "success", message: "auth:flash.account_deleted" },
    { headers: { "Set-Cookie": await clearSessionCookie() } },
  );
}

// Forms that post and are checked on the server: plain HTML until the browser is idle or the visitor
// first acts (deferredPage); a form sent before then goes as it does without JS.
export default deferredPage(() => import("./page.tsx"));
