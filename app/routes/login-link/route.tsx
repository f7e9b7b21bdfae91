import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Route } from "./+types/route";
import { useSecurityT } from "#app/components/account/use-security-t.ts";
import { mailedLinkMeta, MailedLinkButton, MailedLinkInvalid } from "#app/components/account/mailed-link-page.tsx";
import { getInstance, getPageLanguage } from "#app/middleware/i18next.ts";
import { localeFromPath } from "#app/i18n/locales.ts";
import { signInWithLink } from "#app/modules/auth/sign-in-link.server.ts";
import { readForm } from "#app/modules/http/body.server.ts";
import { redirectWithFlash } from "#app/modules/http/flash.server.ts";
import { usableLinkToken } from "#app/modules/auth/link-token.server.ts";
import { signInLinkSchema } from "./schema.ts";

// The mailed sign-in link. Opening it only shows a button (mail scanners open links too);
// the button's POST spends the link and signs in this browser. The token stays out of
// Referer headers sent elsewhere.
export const meta: Route.MetaFunction = mailedLinkMeta;

export async function loader({ context, url }: Route.LoaderArgs) {
  const t = getInstance(context).getFixedT(getPageLanguage(context), "security");
  return { token: await usableLinkToken(url, "sign_in_link"), seo: { title: t("link.page_title"), description: t("link.lead") } };
}

export { headers } from "#app/modules/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: signInLinkSchema });
  const locale = localeFromPath(url.pathname);
  const outcome = submission.status === "success" ? await signInWithLink(request, context, submission.value.token, locale) : { ok: false as const };
  // Spent, expired, replaced or forged: the same "does not work" page, as a 400.
  if (!outcome.ok) return data({ invalid: true }, 400);
  if (outcome.secondStep) return redirect(outcome.location, { headers: { "Set-Cookie": outcome.setCookie } });
  return redirectWithFlash(outcome.location, { severity: "success", message: "auth:flash.signed_in" }, { headers: { "Set-Cookie": outcome.setCookie } });
}

export default function LoginLink({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useSecurityT();
  if (!loaderData.token || actionData?.invalid) {
    return <MailedLinkInvalid title={t("security:link.invalid_title")} text={t("security:link.invalid")} to="/login#sign-in-link" label={t("security:link.ask_again")} />;
  }
  return <MailedLinkButton title={t("security:link.page_title")} lead={t("security:link.page_lead")} submit={t("security:link.page_submit")} token={loaderData.token} />;
}
