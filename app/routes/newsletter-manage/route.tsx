import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { languageOf, localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { advertCategoryOptions, newsletterT } from "#app/modules/newsletter/pages.server.ts";
import { subscriberOfToken, resubscribe, unsubscribe, updatePreferences } from "#app/modules/newsletter/subscribers.server.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { manageSchema } from "./schema.ts";

// /newsletter/manage?token=…: the personal page every newsletter mail links to: change topics,
// category and language, or unsubscribe. The signed token is the only key (no account needed).

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  const t = newsletterT(context);
  const token = url.searchParams.get("token") ?? "";
  const seo = { title: t("newsletter:manage.title"), description: t("newsletter:page.description") };
  const subscriber = await subscriberOfToken(token);
  if (!subscriber) return data({ subscriber: null, token: "", categories: [], seo }, { status: 404 });
  return { subscriber, token, categories: await advertCategoryOptions(languageOf(localeFromPath(url.pathname))), seo };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const t = newsletterT(context);
  const form = await readForm(request);
  const token = form.get("token");
  const subscriber = await subscriberOfToken(token);
  const seo = { title: t("newsletter:manage.title"), description: t("newsletter:page.description") };
  if (!subscriber || typeof token !== "string")
    return data({ result: null, subscriber: null, token: "", categories: [], seo }, { status: 404 });
  const back = `${localizePath("/newsletter/manage", localeFromPath(url.pathname))}?token=${encodeURIComponent(token)}`;
  if (form.get("intent") === "unsubscribe") {
    await unsubscribe(subscriber.id);
    return redirectWithFlash(back, { severity: "success", message: "newsletter:flash.unsubscribed" });
  }
  const submission = parseWithZod(form, { schema: manageSchema });
  if (submission.status !== "success") {
    const categories = await advertCategoryOptions(languageOf(localeFromPath(url.pathname)));
    return data({ result: submission.reply(), subscriber, token, categories, seo }, 400);
  }
  const preferences = { ...submission.value, advertCategory: submission.value.advertCategory ?? null };
  // The link came from a mail to the address: saving from it is consent enough to subscribe it again.
  if (subscriber.status !== "confirmed") await resubscribe(subscriber.id);
  await updatePreferences(subscriber.id, preferences);
  return redirectWithFlash(back, { severity: "success", message: "newsletter:flash.saved" });
}

export default deferredPage(() => import("./page.tsx"));
