import { LocalizedLink } from "#app/components/localized-link.tsx";
import type { HomeActivity } from "#app/modules/moderation/home.server.ts";
import { useSubmissionsT } from "#app/components/submissions/use-submissions-t.ts";
import { tKey, useAdminT } from "./use-admin-t.ts";

/** The dashboard home's work queue and recent history. */
export function HomeActivityView({ activity }: { activity: HomeActivity }) {
  const { t } = useAdminT();
  const { t: submissionsT } = useSubmissionsT();
  return (
    <>
      <section aria-labelledby="queue-heading" className="home-section">
        <h2 id="queue-heading">{t("admin:home.queue")}</h2>
        <div className="dash-home-grid">
          {activity.pendingAdverts !== null ? <QueueStat count={activity.pendingAdverts} to="/dashboard/advertisements/moderation" label={t("admin:home.pending", { count: activity.pendingAdverts })} /> : null}
          {activity.pendingSubmissions !== null ? (
            <QueueStat count={activity.pendingSubmissions} to="/dashboard/advertisements/moderation" label={submissionsT("submissions:home.pending", { count: activity.pendingSubmissions })} />
          ) : null}
          {activity.openReports !== null ? <QueueStat count={activity.openReports} to="/dashboard/reports" label={t("admin:home.reports", { count: activity.openReports })} /> : null}
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
                  <LocalizedLink to={entry.path}>{tKey(t, `admin:home.entity.${entry.entityType}`, { defaultValue: entry.entityType, id: entry.entityId })}</LocalizedLink>
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

/** One queue on the dashboard home: how many wait, and the link to them. */
function QueueStat({ count, to, label }: { count: number; to: string; label: string }) {
  return (
    <div className="panel">
      <p className="dash-home-stat">{count}</p>
      <LocalizedLink to={to}>{label}</LocalizedLink>
    </div>
  );
}
