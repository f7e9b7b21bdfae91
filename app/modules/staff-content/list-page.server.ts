import { getPageLanguage } from "#app/i18n/request.server.ts";
import { formatDate, formatTime } from "#app/platform/format/dates.ts";
import { bulkActionsFor } from "./actions.ts";
import { categoryChoices } from "./form-data.server.ts";
import { parseListQuery } from "./list-query.ts";
import { listAuthors, listItems } from "./list.server.ts";
import { adminT, canPurge, requireContentAccess, type ContentRouteArgs } from "./route-access.server.ts";
import { dashboardPaths, statusFilters } from "./types.ts";

/** The dashboard list of a content type: one page of rows under the URL's filter, with the filters' options. */
export async function loadContentList(args: ContentRouteArgs) {
  const { context, url } = args;
  const { spec, user } = requireContentAccess(args);
  const language = getPageLanguage(context);
  const query = parseListQuery(url.searchParams);
  // The filters need the categories only: not the tags and locations a form's selects read.
  const [list, categories, authors] = await Promise.all([listItems(spec, query), categoryChoices(spec, language), listAuthors(spec)]);
  const when = (date: Date | null) => (date ? `${formatDate(date, language)} ${formatTime(date, language)}` : null);
  const t = adminT(context);
  const title = t(`dashboard:sections.${spec.type}`);
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
    filters: { statuses: statusFilters(spec), categories: spec.category ? categories : null, authors },
    bulkActions: bulkActionsFor(query.view, canPurge(user)),
    seo: { title: t("admin:list.seo_title", { section: title }), description: t("admin:list.seo_description", { section: title }) },
  };
}

export type ContentListData = Awaited<ReturnType<typeof loadContentList>>;
