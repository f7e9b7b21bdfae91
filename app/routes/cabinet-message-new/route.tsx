import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/route";
import { useAccountT } from "#app/components/account/use-account-t.ts";
import { AdvertCard } from "#app/components/adverts/advert-card.tsx";
import { posterRole } from "#app/modules/adverts/kinds.ts";
import { MessageForm } from "#app/components/messages/message-form.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { priceLabels } from "#app/modules/adverts/page.server.ts";
import { liveAdvertCard } from "#app/modules/adverts/queries.server.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import { accountT } from "#app/modules/auth/translate.server.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { parseId } from "#app/platform/http/ids.ts";
import { notFound } from "#app/platform/http/errors.ts";
import { refusalAnswer, sendAboutAdvert, sentFlash } from "#app/modules/messages/conversations.server.ts";
import { firstMessageSchema } from "#app/modules/messages/schema.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";

// /cabinet/messages/new?advert=ID: the first message to an advert's seller. The advert page's
// form posts here; a signed-out visitor's sign-in link comes back here; a refused message is
// shown here with its text kept.

export { headers } from "#app/platform/http/route-headers.ts";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

/** The advert as its card, and whether it is the user's own (owner ids stay on the server). */
async function advertFor(context: Route.LoaderArgs["context"], advertId: number | null, userId: number) {
  if (advertId === null) notFound();
  const found = await liveAdvertCard(advertId, getPageLanguage(context), priceLabels(context));
  if (!found) notFound();
  const { ownerId, ...advert } = found;
  return { advert, own: ownerId === userId };
}

function seoOf(context: Route.LoaderArgs["context"]) {
  const t = accountT(context);
  return { title: t("cabinet:messages.new_title"), description: t("cabinet:messages.seo_description") };
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser({ context, url });
  return { ...(await advertFor(context, parseId(url.searchParams.get("advert")), user.id)), seo: seoOf(context) };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireUser({ context, url });
  const form = await readForm(request);
  const { advert, own } = await advertFor(context, parseId(form.get("advert")), user.id);
  const reply = (result: SubmissionResult<string[]>, init: number | ResponseInit) =>
    data({ intent: "message", result, advert, own, seo: seoOf(context) }, init);
  const submission = parseWithZod(form, { schema: firstMessageSchema });
  if (submission.status !== "success") return reply(submission.reply(), 400);
  const inbox = localizePath("/cabinet/messages", localeFromPath(url.pathname));
  // A filled-in hidden field: a bot. It is told the message went and nothing is stored.
  if (submission.value.website) return redirectWithFlash(inbox, { severity: "success", message: "cabinet:messages.flash_sent" });
  const outcome = await sendAboutAdvert(advert.id, user.id, submission.value.body);
  if (!outcome.ok) {
    if (outcome.reason === "not_found") notFound();
    const { message, init } = refusalAnswer(outcome);
    return reply(submission.reply({ formErrors: [message] }), init);
  }
  return redirectWithFlash(
    localizePath(`/cabinet/messages/${outcome.conversationId}`, localeFromPath(url.pathname)),
    sentFlash(outcome.held),
  );
}

export default function NewMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAccountT();
  const { advert, own } = actionData ?? loaderData;
  const author = posterRole(advert.kind) === "author";
  return (
    <section aria-labelledby="new-message-title" className="message-new">
      <h1 id="new-message-title">{t(author ? "cabinet:messages.new_title_author" : "cabinet:messages.new_title")}</h1>
      <div className="message-new__advert">
        <AdvertCard item={advert} headingLevel={2} />
      </div>
      {own ? (
        <p className="panel">
          {t("cabinet:messages.errors.own_advert")} <LocalizedLink to="/cabinet/messages">{t("cabinet:messages.title")}</LocalizedLink>
        </p>
      ) : (
        <MessageForm
          id="message"
          advertId={advert.id}
          lastResult={actionData?.result}
          label={t(author ? "cabinet:messages.form.first_label_author" : "cabinet:messages.form.first_label")}
          recipient={author ? "author" : "seller"}
          submit={t("cabinet:messages.form.send")}
        />
      )}
    </section>
  );
}
