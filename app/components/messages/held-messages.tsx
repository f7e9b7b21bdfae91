import { Form } from "react-router";
import { useAdminT } from "#app/components/dashboard/use-admin-t.ts";
import { IntentSubmit } from "#app/components/forms/intent-button.tsx";

export type HeldGroupView = { id: number; senderName: string | null; body: string; count: number; sellers: number; latest: string };

/**
 * The dashboard's reports queue: messages held because one buyer sent the same text to many
 * sellers, one entry per sender and text, released (delivered) or discarded all at once.
 */
export function HeldMessages({ groups, total }: { groups: HeldGroupView[]; total: number }) {
  const { t } = useAdminT();
  if (total === 0) return null;
  return (
    <section aria-labelledby="held-title" className="dash-held">
      <h2 id="held-title">
        {t("admin:reports.held_title")} ({total})
      </h2>
      <p className="panel__lead">{t("admin:reports.held_lead")}</p>
      <ul className="dash-queue">
        {groups.map((group) => (
          <li key={group.id} className="panel dash-queue__item">
            <article aria-labelledby={`held-${group.id}`}>
              <h3 id={`held-${group.id}`}>
                {t("admin:reports.held_from", { name: group.senderName ?? t("admin:reports.deleted_user") })}{" "}
                <span className="dash-table__sub">
                  {t("admin:reports.held_sellers", { count: group.sellers })} · {t("admin:reports.latest", { time: group.latest })}
                </span>
              </h3>
              <p className="dash-evidence__text">{group.body}</p>
              <Form method="post" className="dash-row-actions">
                <input type="hidden" name="message" value={group.id} />
                <IntentSubmit intent="release_held">{t("admin:reports.held_release")}</IntentSubmit>
                <IntentSubmit intent="discard_held" variant="danger">
                  {t("admin:reports.held_discard")}
                </IntentSubmit>
              </Form>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
