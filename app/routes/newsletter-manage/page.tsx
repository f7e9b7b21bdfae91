import { Form } from "react-router";
import type { Route } from "./+types/route";
import { FormErrors } from "#app/components/forms/error-list.tsx";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { serverCheckedFormProps, useServerCheckedForm } from "#app/components/forms/use-server-checked-form.ts";
import { PreferencesFields } from "#app/components/newsletter/preferences-fields.tsx";
import { useNewsletterT } from "#app/components/newsletter/use-newsletter-t.ts";

export default function NewsletterManage({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useNewsletterT();
  const view = actionData ?? loaderData;
  const [form, fields] = useServerCheckedForm({ id: "manage", lastResult: actionData?.result, constraint: {} });
  const subscriber = view.subscriber;
  return (
    <article className="static-page" aria-labelledby="manage-title">
      <h1 id="manage-title">{t("newsletter:manage.title")}</h1>
      {!subscriber ? (
        <p>{t("newsletter:manage.invalid")}</p>
      ) : (
        <>
          <p>{t("newsletter:manage.lead", { email: subscriber.email })}</p>
          {subscriber.status === "unsubscribed" ? <p role="status">{t("newsletter:manage.off")}</p> : null}
          {subscriber.status === "pending" ? <p>{t("newsletter:manage.pending")}</p> : null}
          <Form method="post" className="form" {...serverCheckedFormProps(form)}>
            <FormErrors id={form.errorId} errors={form.errors} />
            <input type="hidden" name="token" value={view.token} />
            <input type="hidden" name="intent" value="save" />
            <PreferencesFields
              formId={form.id}
              fields={{ topics: fields.topics, advertCategory: fields.advertCategory, language: fields.language }}
              categories={view.categories}
              values={subscriber}
            />
            <SubmitRow>{t("newsletter:form.save")}</SubmitRow>
          </Form>
          {subscriber.status !== "unsubscribed" ? (
            <Form method="post" className="form newsletter-leave">
              <input type="hidden" name="token" value={view.token} />
              <input type="hidden" name="intent" value="unsubscribe" />
              <SubmitRow variant="danger">{t("newsletter:manage.unsubscribe")}</SubmitRow>
            </Form>
          ) : null}
        </>
      )}
    </article>
  );
}
