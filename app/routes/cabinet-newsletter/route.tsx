import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import type { Route } from "./+types/route";
import { FormErrors } from "#app/components/forms/error-list.tsx";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { serverCheckedFormProps, useServerCheckedForm } from "#app/components/forms/use-server-checked-form.ts";
import { PreferencesFields } from "#app/components/newsletter/preferences-fields.tsx";
import { useNewsletterT } from "#app/components/newsletter/use-newsletter-t.ts";
import { languageOf, localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import { getClientAddress } from "#app/platform/http/client-address.server.ts";
import { advertCategoryOptions, newsletterT } from "#app/modules/newsletter/pages.server.ts";
import {
  subscribe,
  subscribeAccount,
  subscriberOfEmail,
  unsubscribe,
  updatePreferences,
} from "#app/modules/newsletter/subscribers.server.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { manageSchema } from "./schema.ts";

// /cabinet/newsletter: the account's own address's subscription. A confirmed account address
// needs no confirmation mail; an unconfirmed one goes through the public form's double opt-in.

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

async function view(user: { email: string }, url: URL) {
  const language = languageOf(localeFromPath(url.pathname));
  return {
    subscriber: await subscriberOfEmail(user.email),
    email: user.email,
    language,
    categories: await advertCategoryOptions(language),
  };
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser({ context, url });
  const t = newsletterT(context);
  return { ...(await view(user, url)), seo: { title: t("newsletter:cabinet.title"), description: t("newsletter:page.description") } };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireUser({ context, url });
  const t = newsletterT(context);
  const form = await readForm(request);
  const back = localizePath("/cabinet/newsletter", localeFromPath(url.pathname));
  const current = await subscriberOfEmail(user.email);
  if (form.get("intent") === "unsubscribe") {
    if (current) await unsubscribe(current.id);
    return redirectWithFlash(back, { severity: "success", message: "newsletter:flash.unsubscribed" });
  }
  const submission = parseWithZod(form, { schema: manageSchema });
  if (submission.status !== "success") {
    const seo = { title: t("newsletter:cabinet.title"), description: t("newsletter:page.description") };
    return data({ result: submission.reply(), ...(await view(user, url)), seo }, 400);
  }
  const preferences = { ...submission.value, advertCategory: submission.value.advertCategory ?? null };
  if (current?.status === "confirmed") {
    await updatePreferences(current.id, preferences);
    return redirectWithFlash(back, { severity: "success", message: "newsletter:flash.saved" });
  }
  if (user.emailVerified) {
    await subscribeAccount(user, preferences);
    return redirectWithFlash(back, { severity: "success", message: "newsletter:flash.subscribed" });
  }
  await subscribe({ email: user.email, ...preferences, ip: getClientAddress(context) });
  return redirectWithFlash(back, { severity: "info", message: "newsletter:sent.text" });
}

export default function CabinetNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useNewsletterT();
  const view = actionData ?? loaderData;
  const [form, fields] = useServerCheckedForm({ id: "cabinet-newsletter", lastResult: actionData?.result, constraint: {} });
  const subscribed = view.subscriber?.status === "confirmed";
  return (
    <section className="panel" aria-labelledby="newsletter-title">
      <h1 id="newsletter-title">{t("newsletter:cabinet.title")}</h1>
      <p className="panel__lead">{t("newsletter:cabinet.lead", { email: view.email })}</p>
      {view.subscriber?.status === "pending" ? <p>{t("newsletter:cabinet.pending")}</p> : null}
      <Form method="post" className="form" {...serverCheckedFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="save" />
        <PreferencesFields
          formId={form.id}
          fields={{ topics: fields.topics, advertCategory: fields.advertCategory, language: fields.language }}
          categories={view.categories}
          values={view.subscriber ?? { topics: ["news", "events"], language: view.language, advertCategory: null }}
        />
        <SubmitRow>{subscribed ? t("newsletter:form.save") : t("newsletter:cabinet.subscribe")}</SubmitRow>
      </Form>
      {subscribed ? (
        <Form method="post" className="form newsletter-leave">
          <input type="hidden" name="intent" value="unsubscribe" />
          <SubmitRow variant="danger">{t("newsletter:manage.unsubscribe")}</SubmitRow>
        </Form>
      ) : null}
    </section>
  );
}
