import type { Route } from "./+types/route";
import { accountT } from "~/modules/auth/translate.server";
import { useAccountT } from "~/components/account/use-account-t";
import { dashboardNav } from "~/components/account/dashboard-nav";
import { LocalizedLink } from "~/components/localized-link";
import { requirePermission } from "~/modules/auth/guards.server";
import { contentOverview } from "~/modules/dashboard/overview.server";
import { pageMeta } from "~/modules/seo/meta";
import { HomeActivityView } from "~/components/dashboard/home-activity";
import { dashboardLinks } from "~/components/dashboard/links";
import { homeActivity } from "~/modules/moderation/home.server";
import { getPageLanguage } from "~/middleware/i18next";
import { VisitorCharts } from "~/components/dashboard-charts/visitor-charts";
import { visitorStats } from "~/modules/analytics/stats.server";
import { detectRequestDevice } from "~/modules/device/detect";

export const links: Route.LinksFunction = dashboardLinks;
export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = requirePermission({ context, url }, "dashboard.view");
  const t = accountT(context);
  return {
    user: { name: user.name || user.email, role: user.role },
    overview: await contentOverview(user.role),
    activity: await homeActivity(user.role, getPageLanguage(context)),
    visitors: await visitorStats(),
    device: detectRequestDevice(request),
    seo: { title: t("dashboard:overview.title"), description: t("dashboard:overview.seo_description") },
  };
}

export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  const { t } = useAccountT();
  const { user, overview } = loaderData;
  const sections = dashboardNav(user.role).slice(1);
  return (
    <>
      <h1>{t("dashboard:overview.title")}</h1>
      <p className="panel__lead">{t("dashboard:overview.lead", { name: user.name, role: t(`cabinet:roles.${user.role}`) })}</p>
      <HomeActivityView activity={loaderData.activity} />
      <section aria-labelledby="content-heading">
        <h2 id="content-heading">{t("dashboard:overview.content_heading")}</h2>
        <div className="table-scroll">
          <table className="stats-table stats-table--stack">
            <thead>
              <tr>
                <th scope="col">{t("dashboard:overview.type")}</th>
                <th scope="col">{t("dashboard:overview.states")}</th>
                <th scope="col" className="num">
                  {t("dashboard:overview.total")}
                </th>
              </tr>
            </thead>
            <tbody>
              {overview.map((row) => (
                <tr key={row.section} data-section={row.section}>
                  <th scope="row">
                    {row.link ? (
                      <LocalizedLink to={`/dashboard/${row.section}`}>{t(`dashboard:sections.${row.section}`)}</LocalizedLink>
                    ) : (
                      t(`dashboard:sections.${row.section}`)
                    )}
                  </th>
                  <td data-label={t("dashboard:overview.states")}>
                    {row.counts.length ? (
                      <ul className="status-counts">
                        {row.counts.map(({ status, count }) => (
                          <li key={status} data-status={status}>
                            {t(`dashboard:status.${status}`)}: <strong>{count}</strong>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      t("dashboard:overview.none")
                    )}
                  </td>
                  <td className="num" data-label={t("dashboard:overview.total")}>
                    {row.total}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <VisitorCharts stats={loaderData.visitors} device={loaderData.device} />
      <section aria-labelledby="sections-heading" className="home-section">
        <h2 id="sections-heading">{t("dashboard:nav.label")}</h2>
        <ul className="card-list">
          {sections.map((item) => (
            <li key={item.to} className="card">
              <LocalizedLink to={item.to}>
                {item.sectionLabel
                  ? t(item.label, { section: t(item.sectionLabel) })
                  : t(item.label)}
              </LocalizedLink>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
