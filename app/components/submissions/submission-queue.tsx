import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { useAdminT } from "#app/components/dashboard/use-admin-t.ts";
import { Field, textareaProps } from "#app/components/forms/field.tsx";
import { useConformForm } from "#app/components/forms/use-conform-form.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { dashboardPaths } from "#app/modules/staff-content/types.ts";
import { submissionDecisionSchema, submissionRejectSchema } from "#app/modules/submissions/decision-schema.ts";
import type { SubmissionType } from "#app/modules/submissions/forms.ts";
import { useSubmissionsT } from "./use-submissions-t.ts";

// The users' submissions in the dashboard's moderation queue, below the adverts: each with
// its sender, a link to the full staff form, approve, and reject with a reason.

type Item = { type: SubmissionType; id: number; title: string; text: string; submitter: string; submittedAt: string };
type Reply = { target: string; result: SubmissionResult<string[]> };

export function SubmissionQueue({ items, reply }: { items: Item[]; reply: Reply | undefined }) {
  const { t } = useSubmissionsT();
  const { t: adminT } = useAdminT();
  return (
    <section aria-labelledby="submission-queue-title">
      <h2 id="submission-queue-title">{t("submissions:moderation.title")}</h2>
      <p className="panel__lead">{items.length ? t("submissions:moderation.count", { count: items.length }) : t("submissions:moderation.empty")}</p>
      <ul className="dash-queue">
        {items.map((item) => {
          const key = `${item.type}-${item.id}`;
          return (
            <li key={key} className="panel dash-queue__item">
              <article aria-labelledby={`submission-${key}`}>
                <h3 id={`submission-${key}`}>
                  <LocalizedLink to={dashboardPaths.edit(item.type, item.id)}>{item.title}</LocalizedLink>
                </h3>
                <p className="field__hint">{t("submissions:moderation.edit_hint")}</p>
                <dl className="dash-queue__facts">
                  <dt>{t("submissions:moderation.type")}</dt>
                  <dd>{t(`submissions:types.${item.type}`)}</dd>
                  <dt>{t("submissions:moderation.by")}</dt>
                  <dd>{item.submitter}</dd>
                  <dt>{adminT("admin:moderation.submitted")}</dt>
                  <dd>{item.submittedAt}</dd>
                </dl>
                <p className="dash-queue__text">{item.text}</p>
                <div className="dash-queue__actions">
                  <Form method="post">
                    <input type="hidden" name="intent" value="submission-approve" />
                    <input type="hidden" name="type" value={item.type} />
                    <input type="hidden" name="id" value={item.id} />
                    <button type="submit" className="button">
                      {adminT("admin:moderation.approve")}
                    </button>
                  </Form>
                  <RejectForm item={item} reply={reply?.target === key ? reply.result : undefined} />
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function RejectForm({ item, reply }: { item: Item; reply: SubmissionResult<string[]> | undefined }) {
  const { t } = useSubmissionsT();
  const { t: adminT } = useAdminT();
  const [form, fields] = useConformForm(submissionRejectSchema, {
    id: `reject-${item.type}-${item.id}`,
    lastResult: reply,
    validateOn: "submit",
    constraintSchema: submissionDecisionSchema,
  });
  const reason = fields.reason;
  return (
    <Form method="post" className="dash-reject" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="submission-reject" />
      <input type="hidden" name="type" value={item.type} />
      <input type="hidden" name="id" value={item.id} />
      <Field field={reason} label={t("submissions:moderation.reason_for", { title: item.title })} hint={t("submissions:moderation.reason_hint")}>
        {(control) => <textarea {...textareaProps(reason)} {...control} rows={2} />}
      </Field>
      <button type="submit" className="button button--danger">
        {adminT("admin:moderation.reject")}
      </button>
    </Form>
  );
}
