import type { Route } from "./+types/route";
import { readForm } from "#app/platform/http/body.server.ts";
import { ContentListView } from "#app/components/dashboard/content-list-view.tsx";
import { dashboardLinks } from "#app/components/dashboard/links.ts";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { bulkActionsFor } from "#app/modules/staff-content/actions.ts";
import { bulkApply } from "#app/modules/staff-content/bulk.server.ts";
import { listSearch } from "#app/modules/staff-content/list-query.ts";
import { loadContentList } from "#app/modules/staff-content/list-page.server.ts";
import { canPurge, requireContentAccess } from "#app/modules/staff-content/route-access.server.ts";
import { dashboardPaths } from "#app/modules/staff-content/types.ts";
import { bulkFormSchema } from "./schema.ts";
import { badRequest, forbidden, invariantResponse } from "#app/platform/http/errors.ts";

export const links: Route.LinksFunction = dashboardLinks;
export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url, params }: Route.LoaderArgs) {
  return loadContentList({ context, url, params });
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const { spec, user, actor } = requireContentAccess({ context, url, params });
  const formData = await readForm(request);
  const parsed = bulkFormSchema.safeParse({ ...Object.fromEntries(formData), ids: formData.getAll("ids") });
  const locale = localeFromPath(url.pathname);
  invariantResponse(parsed.success);
  const { action: bulkAction, scope, ids, ...filter } = parsed.data;
  const back = localizePath(dashboardPaths.list(spec.type), locale) + listSearch({ ...filter });
  if (!bulkActionsFor(filter.view, true).includes(bulkAction)) badRequest();
  if (bulkAction === "purge" && !canPurge(user)) forbidden();
  if (scope === "selected" && ids.length === 0) {
    return redirectWithFlash(back, { severity: "warn", message: "admin:bulk.nothing_selected" });
  }
  const count = await bulkApply(spec, filter, bulkAction, actor, scope === "selected" ? ids : undefined);
  return redirectWithFlash(back, { severity: "success", message: `admin:bulk.done_${bulkAction}`, values: { count } });
}

export default function ContentList({ loaderData }: Route.ComponentProps) {
  return <ContentListView data={loaderData} />;
}
