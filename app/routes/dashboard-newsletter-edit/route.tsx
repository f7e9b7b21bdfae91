import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/route";
import { dashboardLinks } from "#app/components/dashboard/links.ts";
import { FieldErrors, FormErrors } from "#app/components/forms/error-list.tsx";
import { InputField, TextAreaField } from "#app/components/forms/fields.tsx";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { useConformForm } from "#app/components/forms/use-conform-form.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { useNewsletterT } from "#app/components/newsletter/use-newsletter-t.ts";
import { languageOf, localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { requirePermission } from "#app/modules/auth/guards.server.ts";
import { deleteDraft, findIssue, previewIssue, queueTestCopy, releaseIssue, saveDraft } from "#app/modules/newsletter/issues.server.ts";
import { newsletterT } from "#app/modules/newsletter/pages.server.ts";
import { NEWSLETTER_TOPICS, topicsOf } from "#app/modules/newsletter/topics.ts";
import { fromLocalInput, toLocalInput } from "#app/modules/staff-content/datetime.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { notFound } from "#app/platform/http/errors.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { parseId } from "#app/platform/http/ids.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { composeSchema } from "./schema.ts";

// /dashboard/newsletter/new and /dashboard/newsletter/:id: the one-off issue's composer. Every
// button saves the draft first; then it shows the preview, queues a test copy to the writer,
// schedules the issue or starts sending it. An issue that went out is no longer editable.

export const links: Route.LinksFunction = dashboardLinks;
export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

async function editableIssue(idParam: string | undefined) {
  if (idParam === undefined) return null;
  const id = parseId(idParam);
  const issue = id === null ? null : await findIssue(id);
  if (!issue || issue.kind !== "manual" || !(issue.status === "draft" || issue.status === "scheduled")) notFound();
  return issue;
}

export async function loader({ context, url, params }: Route.LoaderArgs) {
  requirePermission({ context, url }, "newsletter.manage");
  const t = newsletterT(context);
  const language = languageOf(localeFromPath(url.pathname));
  const issue = await editableIssue(params.id);
  const topics = issue ? (issue.topics === null ? null : topicsOf(issue.topics)) : null;
  return {
    id: issue?.id ?? null,
    defaults: {
      subject_uk: issue?.subject_uk ?? "",
      subject_en: issue?.subject_en ?? "",
      body_uk: issue?.body_uk ?? "",
      body_en: issue?.body_en ?? "",
      audience: topics === null ? "all" : "topics",
      topics: topics ?? [],
      scheduled_at: toLocalInput(issue?.scheduled_at ?? null, language),
    },
    preview: issue && url.searchParams.has("preview") ? await previewIssue({ ...issue, topics }) : null,
    seo: { title: t(issue ? "newsletter:staff.edit" : "newsletter:staff.new"), description: t("newsletter:page.description") },
  };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const user = requirePermission({ context, url }, "newsletter.manage");
  const locale = localeFromPath(url.pathname);
  const existing = await editableIssue(params.id);
  const form = await readForm(request);
  const list = localizePath("/dashboard/newsletter", locale);
  if (form.get("intent") === "delete") {
    if (existing) await deleteDraft(existing.id);
    return redirectWithFlash(list, { severity: "success", message: "newsletter:flash.issue_deleted" });
  }
  const submission = parseWithZod(form, { schema: composeSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, 400);
  const value = submission.value;
  const at = value.intent === "schedule" ? fromLocalInput(value.scheduled_at ?? "") : null;
  if (value.intent === "schedule" && (!at || at.getTime() <= Date.now())) {
    return data({ result: submission.reply({ fieldErrors: { scheduled_at: ["newsletter:errors.when_past"] } }) }, 400);
  }
  const draft = {
    subject_uk: value.subject_uk,
    subject_en: value.subject_en,
    body_uk: value.body_uk,
    body_en: value.body_en,
    topics: value.audience === "all" ? null : value.topics,
  };
  const id = await saveDraft(existing?.id ?? null, draft, user.id);
  if (id === null) return data({ result: submission.reply({ formErrors: ["newsletter:errors.not_editable"] }) }, 409);
  const own = localizePath(`/dashboard/newsletter/${id}`, locale);
  switch (value.intent) {
    case "preview":
      return redirect(`${own}?preview#preview`, 303);
    case "test":
      await queueTestCopy(id, user.email);
      return redirectWithFlash(own, { severity: "success", message: "newsletter:flash.test_sent", values: { email: user.email } });
    case "schedule":
      await releaseIssue(id, at);
      return redirectWithFlash(list, { severity: "success", message: "newsletter:flash.issue_scheduled" });
    case "send":
      await releaseIssue(id, null);
      return redirectWithFlash(list, { severity: "success", message: "newsletter:flash.issue_sending" });
    default:
      return redirectWithFlash(own, { severity: "success", message: "newsletter:flash.issue_saved" });
  }
}

export default function NewsletterComposer({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useNewsletterT();
  // The topic boxes are drawn here from the defaults or the post, so conform is not given them.
  const { topics: _topics, ...defaultValue } = loaderData.defaults;
  const [form, fields] = useConformForm(composeSchema, {
    id: "newsletter-issue",
    lastResult: actionData?.result,
    defaultValue,
    validateOn: "submit",
  });
  const posted = actionData?.result?.initialValue as Record<string, unknown> | undefined;
  const audience = String(posted?.audience ?? loaderData.defaults.audience);
  const postedTopics = posted ? ([] as unknown[]).concat(posted.topics ?? []) : loaderData.defaults.topics;
  const language = (code: "uk" | "en") => t(`newsletter:languages.${code}`);
  return (
    <>
      <div className="dash-heading">
        <h1>{t(loaderData.id ? "newsletter:staff.edit" : "newsletter:staff.new")}</h1>
        <LocalizedLink to="/dashboard/newsletter" className="button button--secondary">
          {t("newsletter:staff.issues")}
        </LocalizedLink>
      </div>
      <Form method="post" className="dash-form" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        {(["uk", "en"] as const).map((code) => (
          <fieldset key={code} className="dash-group" lang={code}>
            <legend>{language(code)}</legend>
            <InputField field={code === "uk" ? fields.subject_uk : fields.subject_en} label={t("newsletter:staff.subject")} lang={code} />
            <TextAreaField
              field={code === "uk" ? fields.body_uk : fields.body_en}
              label={t("newsletter:staff.body")}
              hint={t("newsletter:staff.body_hint")}
              lang={code}
              rows={10}
            />
          </fieldset>
        ))}
        <fieldset className="dash-group choice-list">
          <legend>{t("newsletter:staff.audience")}</legend>
          {(["all", "topics"] as const).map((value) => (
            <label key={value} className="choice-list__item">
              <input type="radio" name="audience" value={value} defaultChecked={audience === value} />
              <span>{t(`newsletter:staff.audience_${value}`)}</span>
            </label>
          ))}
          {NEWSLETTER_TOPICS.map((topic) => (
            <label key={topic} className="choice-list__item">
              <input type="checkbox" name="topics" value={topic} defaultChecked={postedTopics.includes(topic)} />
              <span>{t(`newsletter:topics.${topic}`)}</span>
            </label>
          ))}
          <FieldErrors id={fields.topics.errorId} errors={fields.topics.errors} />
        </fieldset>
        <InputField field={fields.scheduled_at} label={t("newsletter:staff.scheduled_at")} hint={t("newsletter:staff.scheduled_hint")} />
        <div className="form__actions">
          {(["save", "preview", "test", "schedule", "send"] as const).map((intent) => (
            <button
              key={intent}
              type="submit"
              name="intent"
              value={intent}
              className={intent === "send" ? "button" : "button button--secondary"}
            >
              {t(`newsletter:staff.${intent}`)}
            </button>
          ))}
        </div>
      </Form>
      {loaderData.id ? (
        <Form method="post" className="form newsletter-leave">
          <input type="hidden" name="intent" value="delete" />
          <SubmitRow variant="danger">{t("newsletter:staff.delete")}</SubmitRow>
        </Form>
      ) : null}
      {loaderData.preview ? (
        <section id="preview" className="dash-group" aria-label={t("newsletter:staff.preview")}>
          {loaderData.preview.map((copy) => (
            <article key={copy.language} lang={copy.language} className="newsletter-preview">
              <h2>{t("newsletter:staff.preview_title", { language: language(copy.language) })}</h2>
              <p>
                <strong>{copy.subject}</strong>
              </p>
              <pre className="newsletter-preview__text">{copy.text}</pre>
            </article>
          ))}
        </section>
      ) : null}
    </>
  );
}
