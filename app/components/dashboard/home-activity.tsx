import { LocalizedLink } from "#app/components/localized-link.tsx";
import type { HomeActivity } from "#app/modules/moderation/home.server.ts";
import { useSubmissionsT } from "#app/components/submissions/use-submissions-t.ts";
import { tKey, useAdminT } from "./use-admin-t.ts";

/** One queue on the dashboard home: how many wait (null: not the user's to work on), the page, and the words for the count. */
type Queue = { count: number | null; to: string; label: (count: number) => string };

/** The dashboard home's work queue and recent history. */
export function HomeActivityView({ activity }: { activity: HomeActivity }) {
  const { t } = useAdminT();
  const { t: submissionsT } = useSubmissionsT();
  const moderation = "/dashboard/advertisements/moderation";
  const queues: Queue[] = [
    { count: activity.pendingAdverts, to: moderation, label: (count) => t("admin:home.pending", { count }) },
    { count: activity.pendingSubmissions, to: moderation, label: (count) => submissionsT("submissions:home.pending", { count }) },
    { count: activity.openReports, to: "/dashboard/reports", label: (count) => t("admin:home.reports", { count }) },
  ];
  return (
    <>
      <section aria-labelledby="queue-heading" className="home-section">
        <h2 id="queue-heading">{t("admin:home.queue")}</h2>
        <div className="dash-home-grid">
          {queues.map(({ count, to, label }, index) =>
            count === null ? null : (
              <div key={index} className="panel">
                <p className="dash-home-stat">{count}</p>
                <LocalizedLink to={to}>{label(count)}</LocalizedLink>
              </div>
            ),
          )}
        </div>
      </section>
      <section aria-labelledby="latest-heading" className="home-section">
        <h2 id="latest-heading">{t("admin:home.latest")}</h2>
        {activity.latest.length === 0 ? (
          <p>{t("admin:audit.empty")}</p>
        ) : (
          <ol className="dash-audit__list">
            {activity.latest.map((entry) => (
              <li key={entry.id}>
                <strong>{tKey(t, `admin:audit.actions.${entry.action}`, { defaultValue: entry.action })}</strong>
                {" · "}
                {entry.path ? (
                  <LocalizedLink to={entry.path}>
                    {tKey(t, `admin:home.entity.${entry.entityType}`, { defaultValue: entry.entityType, id: entry.entityId })}
                  </LocalizedLink>
                ) : (
                  tKey(t, `admin:home.entity.${entry.entityType}`, { defaultValue: entry.entityType, id: entry.entityId })
                )}
                {" · "}
                {entry.actor ?? t("admin:audit.system")}
                {" · "}
                {entry.at}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
