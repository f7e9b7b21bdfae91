import { data } from "react-router";
import type { Route } from "./+types/route";
import { readForm } from "~/modules/http/body.server";
import { ContentListView } from "~/components/dashboard/content-list-view";
import { dashboardLinks } from "~/components/dashboard/links";
import { localeFromPath, localizePath } from "~/i18n/locales";
import { redirectWithFlash } from "~/modules/http/flash.server";
import { pageMeta } from "~/modules/seo/meta";
import { bulkActionsFor } from "~/modules/staff-content/actions";
import { bulkApply } from "~/modules/staff-content/bulk.server";
import { listSearch } from "~/modules/staff-content/list-query";
import { loadContentList } from "~/modules/staff-content/list-page.server";
import { canPurge, requireContentAccess } from "~/modules/staff-content/route-access.server";
import { dashboardPaths } from "~/modules/staff-content/types";
import { bulkFormSchema } from "./schema";

export const links: Route.LinksFunction = dashboardLinks;
export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url, params }: Route.LoaderArgs) {
  return loadContentList({ context, url, params });
}

export { headers } from "~/modules/http/route-headers";

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
