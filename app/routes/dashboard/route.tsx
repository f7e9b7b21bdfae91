import type { Route } from "./+types/route";
import { StackedTable } from "#app/components/dashboard/stacked-table.tsx";
import { accountT } from "#app/modules/auth/translate.server.ts";
import { useAccountT } from "#app/components/account/use-account-t.ts";
import { dashboardNav } from "#app/components/account/dashboard-nav.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { requirePermission } from "#app/modules/auth/guards.server.ts";
import { contentOverview } from "#app/modules/dashboard/overview.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { HomeActivityView } from "#app/components/dashboard/home-activity.tsx";
import { dashboardLinks } from "#app/components/dashboard/links.ts";
import { homeActivity } from "#app/modules/moderation/home.server.ts";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { VisitorCharts } from "#app/components/dashboard-charts/visitor-charts.tsx";
import { visitorStats } from "#app/modules/analytics/stats.server.ts";
import { detectRequestDevice } from "#app/platform/device/detect.ts";

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
        <StackedTable
          columns={[t("dashboard:overview.type"), t("dashboard:overview.states"), { label: t("dashboard:overview.total"), num: true }]}
        >
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
        </StackedTable>
      </section>
      <VisitorCharts stats={loaderData.visitors} device={loaderData.device} />
      <section aria-labelledby="sections-heading" className="home-section">
        <h2 id="sections-heading">{t("dashboard:nav.label")}</h2>
        <ul className="card-list">
          {sections.map((item) => (
            <li key={item.to} className="card">
              <LocalizedLink to={item.to}>
                {item.sectionLabel ? t(item.label, { section: t(item.sectionLabel) }) : t(item.label)}
              </LocalizedLink>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
