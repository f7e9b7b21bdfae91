import { data } from "react-router";
import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { subscriberLinks } from "#app/modules/newsletter/links.server.ts";
import { newsletterT } from "#app/modules/newsletter/pages.server.ts";
import { confirmSubscription } from "#app/modules/newsletter/subscribers.server.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";

// /newsletter/confirm?token=…: the confirmation mail's one-time link. Opening it asks for a
// click (mail scanners that follow links must not subscribe anyone); the post confirms once.

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

export async function loader({ context, url }: Route.LoaderArgs) {
  const t = newsletterT(context);
  const token = url.searchParams.get("token") ?? "";
  const seo = { title: t("newsletter:page.title"), description: t("newsletter:page.description") };
  if (!TOKEN.test(token)) return data({ state: "invalid" as const, token: "", email: null, manage: null, seo }, { status: 404 });
  return { state: "ask" as const, token, email: null, manage: null, seo };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context }: Route.ActionArgs) {
  const t = newsletterT(context);
  const seo = { title: t("newsletter:confirm.title"), description: t("newsletter:page.description") };
  const subscriber = await confirmSubscription((await readForm(request)).get("token"));
  if (!subscriber) return data({ state: "invalid" as const, token: "", email: null, manage: null, seo }, { status: 404 });
  const manage = new URL(subscriberLinks(subscriber.id, subscriber.language).manage);
  return { state: "done" as const, token: "", email: subscriber.email, manage: `${manage.pathname}${manage.search}`, seo };
}

export default deferredPage(() => import("./page.tsx"));
