import type { SubmissionResult } from "@conform-to/react";
import { useAdminT } from "#app/components/dashboard/use-admin-t.ts";
import { QueueFacts } from "#app/components/dashboard/queue-facts.tsx";
import { RejectForm } from "#app/components/dashboard/reject-form.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { dashboardPaths } from "#app/modules/staff-content/types.ts";
import { submissionDecisionSchema, submissionRejectSchema } from "#app/modules/submissions/decision-schema.ts";
import type { SubmissionType } from "#app/modules/submissions/forms.ts";
import { useSubmissionsT } from "./use-submissions-t.ts";
import { IntentButton } from "#app/components/forms/intent-button.tsx";

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
      <p className="panel__lead">
        {items.length ? t("submissions:moderation.count", { count: items.length }) : t("submissions:moderation.empty")}
      </p>
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
                <QueueFacts
                  facts={[
                    [t("submissions:moderation.type"), t(`submissions:types.${item.type}`)],
                    [t("submissions:moderation.by"), item.submitter],
                    [adminT("admin:moderation.submitted"), item.submittedAt],
                  ]}
                />
                <p className="dash-queue__text">{item.text}</p>
                <div className="dash-queue__actions">
                  <IntentButton intent="submission-approve" fields={{ type: item.type, id: item.id }}>
                    {adminT("admin:moderation.approve")}
                  </IntentButton>
                  <SubmissionRejectForm item={item} reply={reply?.target === key ? reply.result : undefined} />
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function SubmissionRejectForm({ item, reply }: { item: Item; reply: SubmissionResult<string[]> | undefined }) {
  const { t } = useSubmissionsT();
  const { t: adminT } = useAdminT();
  return (
    <RejectForm
      schema={submissionRejectSchema}
      constraintSchema={submissionDecisionSchema}
      formId={`reject-${item.type}-${item.id}`}
      target={{ intent: "submission-reject", type: item.type, id: item.id }}
      label={t("submissions:moderation.reason_for", { title: item.title })}
      hint={t("submissions:moderation.reason_hint")}
      submit={adminT("admin:moderation.reject")}
      reply={reply}
    />
  );
}
