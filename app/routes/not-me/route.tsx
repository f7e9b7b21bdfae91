import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Route } from "./+types/route";
import { useSecurityT } from "#app/components/account/use-security-t.ts";
import { mailedLinkMeta, MailedLinkButton, MailedLinkInvalid } from "#app/components/account/mailed-link-page.tsx";
import { getInstance, getPageLanguage } from "#app/middleware/i18next.ts";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { secureAccount } from "#app/modules/auth/not-me.server.ts";
import { publicOrigin } from "#app/modules/config/config.server.ts";
import { readForm } from "#app/modules/http/body.server.ts";
import { usableLinkToken } from "#app/modules/auth/link-token.server.ts";
import { notMeSchema } from "./schema.ts";

// A security mail's "this wasn't me": the page (GET, which scanners may open) shows what will
// happen; its button signs out every session and mails a password reset.
export const meta: Route.MetaFunction = mailedLinkMeta;

export async function loader({ context, url }: Route.LoaderArgs) {
  const t = getInstance(context).getFixedT(getPageLanguage(context), "security");
  return { token: await usableLinkToken(url, "not_me"), seo: { title: t("not_me.title"), description: t("not_me.lead") } };
}

export { headers } from "#app/modules/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: notMeSchema });
  const done = submission.status === "success" && (await secureAccount(submission.value.token, publicOrigin(context)));
  if (!done) return data({ invalid: true }, 400);
  return redirect(`${localizePath("/verify-request", localeFromPath(url.pathname))}?sent=reset`, { status: 303 });
}

export default function NotMe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useSecurityT();
  if (!loaderData.token || actionData?.invalid) {
    return <MailedLinkInvalid title={t("security:not_me.invalid_title")} text={t("security:not_me.invalid")} to="/login#forgot-password" label={t("auth:verify.invalid_reset_hint")} />;
  }
  return <MailedLinkButton title={t("security:not_me.title")} lead={t("security:not_me.lead")} submit={t("security:not_me.submit")} token={loaderData.token} danger />;
}
