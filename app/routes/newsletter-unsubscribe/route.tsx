import { data } from "react-router";
import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { newsletterT } from "#app/modules/newsletter/pages.server.ts";
import { subscriberOfToken, unsubscribe } from "#app/modules/newsletter/subscribers.server.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";

// /newsletter/unsubscribe?token=…: the List-Unsubscribe address of every newsletter mail.
// GET asks first (link checkers must not unsubscribe anyone); the button, or the mail client's
// RFC 8058 one-click POST (`List-Unsubscribe=One-Click`, the token in the query, no session and
// no Origin: platform/http/same-origin.server.ts lets exactly that through), unsubscribes.

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  const t = newsletterT(context);
  const token = url.searchParams.get("token") ?? "";
  const seo = { title: t("newsletter:unsubscribe.title"), description: t("newsletter:unsubscribe.title") };
  const subscriber = await subscriberOfToken(token);
  if (!subscriber) return data({ state: "invalid" as const, email: "", token: "", seo }, { status: 404 });
  return { state: subscriber.status === "unsubscribed" ? ("done" as const) : ("confirm" as const), email: subscriber.email, token, seo };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const t = newsletterT(context);
  const form = await readForm(request);
  const token = form.get("token") ?? url.searchParams.get("token");
  const seo = { title: t("newsletter:unsubscribe.title"), description: t("newsletter:unsubscribe.title") };
  const subscriber = await subscriberOfToken(token);
  if (!subscriber) return data({ state: "invalid" as const, email: "", token: "", seo }, { status: 404 });
  await unsubscribe(subscriber.id);
  return { state: "done" as const, email: subscriber.email, token: "", seo };
}

export default deferredPage(() => import("./page.tsx"));
