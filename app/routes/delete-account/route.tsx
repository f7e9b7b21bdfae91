import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useAccountT } from "#app/components/account/use-account-t.ts";
import { Form } from "react-router";
import { AppLink } from "#app/components/localized-link.tsx";
import type { Route } from "./+types/route";
import { readForm } from "#app/modules/http/body.server.ts";
import { accountT } from "#app/modules/auth/translate.server.ts";
import { FormErrors } from "#app/components/forms/error-list.tsx";
import { CheckboxField, InputField } from "#app/components/forms/fields.tsx";
import { serverCheckedFormProps, useServerCheckedForm, type FormConstraint } from "#app/components/forms/use-server-checked-form.ts";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { getCurrentUser, loginRedirectPath, requireUser } from "#app/modules/auth/guards.server.ts";
import { formReply, tooManyReply, type FormReply } from "#app/modules/auth/responses.server.ts";
import { clearSessionCookie } from "#app/modules/auth/session.server.ts";
import { beginPasswordAttempt } from "#app/modules/auth/sign-in.server.ts";
import { checkPassword, countAdmins, deleteAccount } from "#app/modules/auth/users.server.ts";
import { redirectWithFlash } from "#app/modules/http/flash.server.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { deleteAccountSchema } from "./schema.ts";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";

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

export { headers } from "#app/modules/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireUser({ context, url });
  const submission = parseWithZod(await readForm(request), { schema: deleteAccountSchema });
  if (submission.status !== "success") return formReply("delete", submission.reply({ hideFields: ["password"] }), 400);
  const attempt = await beginPasswordAttempt(context, user.email);
  if (attempt.limited) return tooManyReply("delete", submission, attempt, ["password"]);
  if (!(await checkPassword(user.id, submission.value.password))) {
    return formReply("delete", submission.reply({ fieldErrors: { password: ["auth:errors.password_wrong"] }, hideFields: ["password"] }), 401);
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

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
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
