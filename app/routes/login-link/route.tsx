import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { mailedLinkMeta } from "#app/components/account/mailed-link-meta.ts";
import { getInstance, getPageLanguage } from "#app/i18n/request.server.ts";
import { localeFromPath } from "#app/i18n/locales.ts";
import { signInWithLink } from "#app/modules/auth/sign-in-link.server.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
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

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: signInLinkSchema });
  const locale = localeFromPath(url.pathname);
  const outcome =
    submission.status === "success" ? await signInWithLink(request, context, submission.value.token, locale) : { ok: false as const };
  // Spent, expired, replaced or forged: the same "does not work" page, as a 400.
  if (!outcome.ok) return data({ invalid: true }, 400);
  if (outcome.secondStep) return redirect(outcome.location, { headers: { "Set-Cookie": outcome.setCookie } });
  return redirectWithFlash(
    outcome.location,
    { severity: "success", message: "auth:flash.signed_in" },
    { headers: { "Set-Cookie": outcome.setCookie } },
  );
}

// Forms that post and are checked on the server: plain HTML until the browser is idle or the visitor
// first acts (deferredPage); a form sent before then goes as it does without JS.
export default deferredPage(() => import("./page.tsx"));
