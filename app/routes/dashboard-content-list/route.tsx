import { data } from "react-router";
import type { Route } from "./+types/route";
import { readForm } from "~/modules/http/body.server";
import { ContentListView } from "~/components/dashboard/content-list-view";
import { dashboardLinks } from "~/components/dashboard/links";
import { localeFromPath, localizePath } from "~/i18n/locales";
import { redirectWithFlash } from "~/modules/http/flash.server";
import { formatDate, formatTime } from "~/modules/listing/dates";
import { pageMeta } from "~/modules/seo/meta";
import { bulkActionsFor } from "~/modules/staff-content/actions";
import { bulkApply } from "~/modules/staff-content/bulk.server";
import { formOptions } from "~/modules/staff-content/form-data.server";
import { listSearch, parseListQuery } from "~/modules/staff-content/list-query";
import { listAuthors, listItems } from "~/modules/staff-content/list.server";
import { adminT, canPurge, requireContentAccess } from "~/modules/staff-content/route-access.server";
import { dashboardPaths, statusFilters } from "~/modules/staff-content/types";
import { getPageLanguage } from "~/middleware/i18next";
import { bulkFormSchema } from "./schema";

export const links: Route.LinksFunction = dashboardLinks;
export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const { spec, user } = requireContentAccess({ context, url, params });
  const language = getPageLanguage(context);
  const query = parseListQuery(url.searchParams);
  const [list, options, authors] = await Promise.all([listItems(spec, query), formOptions(spec, language), listAuthors(spec)]);
  const when = (date: Date | null) => (date ? `${formatDate(date, language)} ${formatTime(date, language)}` : null);
  const t = adminT(context);
  const title = t(`dashboard:sections.${spec.type}` as "dashboard:sections.news");
  return {
    type: spec.type,
    query,
    total: list.total,
    pages: list.pages,
    rows: list.rows.map((row) => ({
      id: row.id,
      title: row.title,
      titleEn: row.titleEn,
      slug: row.slug,
      status: row.status,
      scheduled: row.scheduled,
      published: when(row.publishedAt),
      updated: when(row.updatedAt)!,
      deleted: when(row.deletedAt),
      category: row.category,
      author: row.author,
      editPath: dashboardPaths.edit(spec.type, row.id),
    })),
    filters: { statuses: statusFilters(spec), categories: spec.category ? options.categories : null, authors },
    bulkActions: bulkActionsFor(query.view, canPurge(user)),
    seo: { title: t("admin:list.seo_title", { section: title }), description: t("admin:list.seo_description", { section: title }) },
  };
}

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const { spec, user, actor } = requireContentAccess({ context, url, params });
  const formData = await readForm(request);
  const parsed = bulkFormSchema.safeParse({ ...Object.fromEntries(formData), ids: formData.getAll("ids") });
  const locale = localeFromPath(url.pathname);
  if (!parsed.success) throw data(null, { status: 400, statusText: "Bad Request" });
  const { action: bulkAction, scope, ids, ...filter } = parsed.data;
  const back = localizePath(dashboardPaths.list(spec.type), locale) + listSearch({ ...filter });
  if (!bulkActionsFor(filter.view, true).includes(bulkAction)) throw data(null, { status: 400, statusText: "Bad Request" });
  if (bulkAction === "purge" && !canPurge(user)) throw data(null, { status: 403, statusText: "Forbidden" });
  if (scope === "selected" && ids.length === 0) {
    return redirectWithFlash(back, { severity: "warn", message: "admin:bulk.nothing_selected" });
  }
  const count = await bulkApply(spec, filter, bulkAction, actor, scope === "selected" ? ids : undefined);
  return redirectWithFlash(back, { severity: "success", message: `admin:bulk.done_${bulkAction}`, values: { count } });
}

export default function ContentList({ loaderData }: Route.ComponentProps) {
  return <ContentListView data={loaderData} />;
}

export type ContentListData = Awaited<ReturnType<typeof loader>>;
