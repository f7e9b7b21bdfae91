import { Form } from "react-router";
import type { Route } from "./+types/route";
import { FormErrors } from "#app/components/forms/error-list.tsx";
import { InputField } from "#app/components/forms/fields.tsx";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { serverCheckedFormProps, useServerCheckedForm } from "#app/components/forms/use-server-checked-form.ts";
import { PreferencesFields } from "#app/components/newsletter/preferences-fields.tsx";
import { useNewsletterT } from "#app/components/newsletter/use-newsletter-t.ts";

export default function Newsletter({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useNewsletterT();
  const [form, fields] = useServerCheckedForm({
    id: "newsletter",
    lastResult: actionData?.result,
    constraint: { email: { required: true, maxLength: 254 } },
  });
  return (
    <article className="static-page newsletter-page">
      <h1>{t("newsletter:page.title")}</h1>
      <p>{t("newsletter:page.lead")}</p>
      {loaderData.sent ? (
        <section className="panel" role="status" aria-labelledby="newsletter-sent">
          <h2 id="newsletter-sent">{t("newsletter:sent.title")}</h2>
          <p>{t("newsletter:sent.text")}</p>
        </section>
      ) : null}
      <Form method="post" className="form" {...serverCheckedFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <InputField field={fields.email} label={t("newsletter:form.email")} type="email" autoComplete="email" />
        <PreferencesFields
          formId={form.id}
          fields={{ topics: fields.topics, advertCategory: fields.advertCategory, language: fields.language }}
          categories={loaderData.categories}
          values={{ topics: ["news", "events"], language: loaderData.language, advertCategory: null }}
        />
        <div className="honeypot" aria-hidden="true">
          <label htmlFor="newsletter-website">{t("newsletter:form.website")}</label>
          <input id="newsletter-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <SubmitRow>{t("newsletter:form.submit")}</SubmitRow>
      </Form>
    </article>
  );
}
