import type { Route } from "./+types/route";
import { dashboardLinks } from "#app/components/dashboard/links.ts";
import { StackedTable } from "#app/components/dashboard/stacked-table.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { useNewsletterT } from "#app/components/newsletter/use-newsletter-t.ts";
import { languageOf, localeFromPath } from "#app/i18n/locales.ts";
import { requirePermission } from "#app/modules/auth/guards.server.ts";
import { listIssues, subscriberCounts } from "#app/modules/newsletter/issues.server.ts";
import { newsletterT } from "#app/modules/newsletter/pages.server.ts";
import { formatDate, formatEventStart } from "#app/platform/format/dates.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";

// /dashboard/newsletter: every issue (the clock's weekly digests and staff's one-off ones) with
// its counts, the subscribers' numbers, and the way to a new one-off issue.

export const links: Route.LinksFunction = dashboardLinks;
export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  requirePermission({ context, url }, "newsletter.manage");
  const t = newsletterT(context);
  const language = languageOf(localeFromPath(url.pathname));
  const issues = await listIssues();
  return {
    counts: await subscriberCounts(),
    issues: issues.map((issue) => ({
      id: issue.id,
      kind: issue.kind,
      status: issue.status,
      title:
        issue.kind === "digest"
          ? t("newsletter:staff.digest_title", {
              from: issue.periodFrom ? formatDate(issue.periodFrom, language) : "",
              to: issue.periodTo ? formatDate(issue.periodTo, language) : "",
            })
          : (language === "en" ? issue.subject_en : issue.subject_uk) || issue.subject_uk,
      when: issue.status === "scheduled" && issue.scheduledAt ? formatEventStart(issue.scheduledAt, language) : null,
      sent: issue.sent,
      failed: issue.failed,
      unsubscribed: issue.unsubscribed,
      editable: issue.kind === "manual" && (issue.status === "draft" || issue.status === "scheduled"),
    })),
    seo: { title: t("newsletter:staff.issues"), description: t("newsletter:page.description") },
  };
}

export { headers } from "#app/platform/http/route-headers.ts";

export default function DashboardNewsletter({ loaderData }: Route.ComponentProps) {
  const { t } = useNewsletterT();
  return (
    <>
      <div className="dash-heading">
        <h1>{t("newsletter:staff.issues")}</h1>
        <LocalizedLink to="/dashboard/newsletter/new" className="button">
          {t("newsletter:staff.new")}
        </LocalizedLink>
      </div>
      <p className="panel__lead">{t("newsletter:staff.lead", loaderData.counts)}</p>
      {loaderData.issues.length === 0 ? (
        <p>{t("newsletter:staff.empty")}</p>
      ) : (
        <StackedTable
          className="dash-newsletter"
          columns={[
            t("newsletter:staff.columns.issue"),
            t("newsletter:staff.columns.status"),
            { label: t("newsletter:staff.columns.sent"), num: true },
            { label: t("newsletter:staff.columns.failed"), num: true },
            { label: t("newsletter:staff.columns.unsubscribed"), num: true },
          ]}
        >
          <tbody>
            {loaderData.issues.map((issue) => (
              <tr key={issue.id} data-issue={issue.id}>
                <th scope="row">
                  {issue.editable ? <LocalizedLink to={`/dashboard/newsletter/${issue.id}`}>{issue.title}</LocalizedLink> : issue.title}
                  <span className="dash-table__sub">{t(`newsletter:staff.kind.${issue.kind}`)}</span>
                </th>
                <td data-label={t("newsletter:staff.columns.status")}>
                  <span className={`dash-status dash-status--${issue.status}`}>{t(`newsletter:staff.status.${issue.status}`)}</span>
                  {issue.when ? <span className="dash-table__sub">{t("newsletter:staff.scheduled_for", { when: issue.when })}</span> : null}
                </td>
                <td className="num" data-label={t("newsletter:staff.columns.sent")}>
                  {issue.sent}
                </td>
                <td className="num" data-label={t("newsletter:staff.columns.failed")}>
                  {issue.failed}
                </td>
                <td className="num" data-label={t("newsletter:staff.columns.unsubscribed")}>
                  {issue.unsubscribed}
                </td>
              </tr>
            ))}
          </tbody>
        </StackedTable>
      )}
    </>
  );
}
