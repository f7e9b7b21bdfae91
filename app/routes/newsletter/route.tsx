import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { languageOf, localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { subscribe } from "#app/modules/newsletter/subscribers.server.ts";
import { advertCategoryOptions, newsletterT } from "#app/modules/newsletter/pages.server.ts";
import { getClientAddress } from "#app/platform/http/client-address.server.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { subscribeSchema } from "./schema.ts";

// /newsletter: anyone subscribes an address (double opt-in: newsletter/subscribers.server.ts).
// Every accepted post lands on the same "check your inbox" answer, whatever the address's state.

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export async function loader({ context, url }: Route.LoaderArgs) {
  const t = newsletterT(context);
  const language = languageOf(localeFromPath(url.pathname));
  return {
    sent: url.searchParams.has("sent"),
    language,
    categories: await advertCategoryOptions(language),
    seo: { title: t("newsletter:page.title"), description: t("newsletter:page.description") },
  };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: subscribeSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, 400);
  const sent = `${localizePath("/newsletter", localeFromPath(url.pathname))}?sent=1`;
  // A filled-in hidden field: a bot. It gets the same answer and nothing is stored or sent.
  if (submission.value.website) return redirect(sent, 303);
  const outcome = await subscribe({
    email: submission.value.email,
    topics: submission.value.topics,
    language: submission.value.language,
    advertCategory: submission.value.advertCategory ?? null,
    ip: getClientAddress(context),
  });
  if (outcome.status === "limited") {
    const minutes = Math.max(1, Math.ceil(outcome.limit.retryAfterSeconds / 60));
    return data(
      { result: submission.reply({ formErrors: [`newsletter:errors.too_many|${JSON.stringify({ minutes })}`] }) },
      { status: 429, headers: { "Retry-After": String(outcome.limit.retryAfterSeconds) } },
    );
  }
  return redirect(sent, 303);
}

// Forms that post and are checked on the server: plain HTML until the browser is idle or the visitor
// first acts (deferredPage); a form sent before then goes as it does without JS.
export default deferredPage(() => import("./page.tsx"));
