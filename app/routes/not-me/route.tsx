import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { mailedLinkMeta } from "#app/components/account/mailed-link-meta.ts";
import { getInstance, getPageLanguage } from "#app/i18n/request.server.ts";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { secureAccount } from "#app/modules/auth/not-me.server.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { usableLinkToken } from "#app/modules/auth/link-token.server.ts";
import { notMeSchema } from "./schema.ts";

// A security mail's "this wasn't me": the page (GET, which scanners may open) shows what will
// happen; its button signs out every session and mails a password reset.
export const meta: Route.MetaFunction = mailedLinkMeta;

export async function loader({ context, url }: Route.LoaderArgs) {
  const t = getInstance(context).getFixedT(getPageLanguage(context), "security");
  return { token: await usableLinkToken(url, "not_me"), seo: { title: t("not_me.title"), description: t("not_me.lead") } };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, url }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: notMeSchema });
  const done = submission.status === "success" && (await secureAccount(submission.value.token, publicOrigin()));
  if (!done) return data({ invalid: true }, 400);
  return redirect(`${localizePath("/verify-request", localeFromPath(url.pathname))}?sent=reset`, { status: 303 });
}

// Forms that post and are checked on the server: plain HTML until the browser is idle or the visitor
// first acts (deferredPage); a form sent before then goes as it does without JS.
export default deferredPage(() => import("./page.tsx"));
