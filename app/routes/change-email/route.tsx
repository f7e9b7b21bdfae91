import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { mailedLinkMeta } from "#app/components/account/mailed-link-meta.ts";
import { getInstance, getPageLanguage } from "#app/i18n/request.server.ts";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { linkTokenSchema } from "#app/modules/auth/link-token.ts";
import { confirmEmailChange, emailChangeLinkAddress } from "#app/modules/auth/email-change.server.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { emailChangeConfirmSchema } from "./schema.ts";

// The link mailed to a new address. Opening it (GET, which mail scanners do) only shows the
// button; its POST makes the address the account's. It works without being signed in: the
// link proves the mailbox, and the request behind it proved the password.
export const meta: Route.MetaFunction = mailedLinkMeta;

export async function loader({ context, url }: Route.LoaderArgs) {
  const t = getInstance(context).getFixedT(getPageLanguage(context), "security");
  const parsed = linkTokenSchema.safeParse({ token: url.searchParams.get("token") ?? "" });
  const email = parsed.success ? await emailChangeLinkAddress(parsed.data.token) : null;
  const page = {
    token: email && parsed.success ? parsed.data.token : null,
    email,
    seo: { title: t("email_change.page_title"), description: t("email_change.page_title") },
  };
  // A spent or unknown link's page says so, as a 400, like its post would.
  return data(page, email ? 200 : 400);
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, url }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: emailChangeConfirmSchema });
  if (submission.status !== "success") return data({ outcome: "invalid" as const, email: null }, 400);
  const outcome = await confirmEmailChange(submission.value.token);
  if (outcome.status !== "changed") {
    // Taken: nothing changed and the link still works, so the page can name its address.
    if (outcome.status === "taken")
      return data({ outcome: "taken" as const, email: await emailChangeLinkAddress(submission.value.token) }, 409);
    return data({ outcome: "invalid" as const, email: null }, 400);
  }
  const cabinet = localizePath("/cabinet", localeFromPath(url.pathname));
  return redirectWithFlash(cabinet, { severity: "success", message: "security:email_change.changed", values: { email: outcome.newEmail } });
}

// A form that posts: plain HTML until the browser is idle or the visitor first acts (deferredPage).
export default deferredPage(() => import("./page.tsx"));
