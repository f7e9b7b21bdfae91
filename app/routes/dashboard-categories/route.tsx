import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/route";
import { StackedTable } from "#app/components/dashboard/stacked-table.tsx";
import { readForm } from "#app/platform/http/body.server.ts";
import { dashboardLinks } from "#app/components/dashboard/links.ts";
import { OrderedRowActions } from "#app/components/dashboard/row-action.tsx";
import { NewTermPanel } from "#app/components/dashboard/term-form.tsx";
import { useSectionT } from "#app/components/dashboard/use-admin-t.ts";
import { BackLink } from "#app/components/dashboard/back-link.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { categoryTree } from "#app/modules/staff-content/form-data.server.ts";
import { adminT } from "#app/modules/staff-content/route-access.server.ts";
import { dashboardPaths } from "#app/modules/staff-content/types.ts";
import { createCategory, deleteCategory, listCategories, moveCategory } from "#app/modules/taxonomy/categories.server.ts";
import { positiveId, requireCategoryAccess, termReply } from "#app/modules/taxonomy/route-helpers.server.ts";
import { categorySchema } from "#app/modules/taxonomy/schemas.ts";
import { badRequest } from "#app/platform/http/errors.ts";

export const links: Route.LinksFunction = dashboardLinks;
export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const { type, kind } = requireCategoryAccess({ context, url, params });
  const rows = await listCategories(kind);
  const tree = categoryTree(rows);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const t = adminT(context);
  const section = t(`dashboard:sections.${type}`);
  return {
    type,
    categories: tree.map((choice) => ({ ...byId.get(choice.id)!, depth: choice.depth })),
    parents: tree,
    seo: { title: t("dashboard:sections.categories", { section }), description: t("admin:categories.lead") },
  };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const { type, kind, user } = requireCategoryAccess({ context, url, params });
  const here = localizePath(dashboardPaths.categories(type), localeFromPath(url.pathname));
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent === "create") {
    const submission = parseWithZod(formData, { schema: categorySchema });
    if (submission.status !== "success") return termReply("category-new", submission);
    const { name_uk, name_en, slug, parent_id } = submission.value;
    const result = await createCategory(
      kind,
      { name_uk, name_en: name_en || null, slug: slug || null, parent_id: parent_id ?? null },
      user.id,
    );
    if (!result.ok) return termReply("category-new", submission, { [result.field]: [result.message] });
    return redirectWithFlash(here, { severity: "success", message: "admin:categories.created" });
  }
  if (intent === "up" || intent === "down") {
    await moveCategory(kind, positiveId(formData.get("id")), intent, user.id);
    return redirectWithFlash(here, { severity: "success", message: "admin:categories.moved" });
  }
  if (intent === "delete") {
    const outcome = await deleteCategory(kind, positiveId(formData.get("id")), user.id);
    if (outcome === "in_use") return redirectWithFlash(here, { severity: "warn", message: "admin:categories.in_use" });
    return redirectWithFlash(here, { severity: "success", message: "admin:categories.deleted" });
  }
  badRequest();
}

export default function Categories({ loaderData, actionData }: Route.ComponentProps) {
  const { type, categories } = loaderData;
  const { t, section } = useSectionT(type);
  const slug = t("admin:fields.slug");
  const items = t("admin:categories.items");
  return (
    <>
      <BackLink to={dashboardPaths.list(type)}>{t("admin:form.back", { section })}</BackLink>
      <h1>{t("dashboard:sections.categories", { section })}</h1>
      <p className="panel__lead">{t("admin:categories.lead")}</p>
      {categories.length ? (
        <StackedTable className="dash-terms" columns={[t("admin:fields.name"), slug, { label: items, num: true }, t("admin:list.actions")]}>
          <tbody>
            {categories.map((category) => (
              <tr key={category.id}>
                <th scope="row" style={{ paddingInlineStart: `${0.6 + category.depth * 1.25}rem` }}>
                  <LocalizedLink to={dashboardPaths.category(type, category.id)}>{category.name_uk}</LocalizedLink>
                  {category.name_en ? (
                    <span className="dash-table__sub" lang="en">
                      {category.name_en}
                    </span>
                  ) : null}
                </th>
                <td data-label={slug}>{category.slug}</td>
                <td className="num" data-label={items}>
                  {category.items}
                </td>
                <td>
                  <OrderedRowActions id={category.id} name={category.name_uk} deletable={category.items === 0 && category.children === 0} />
                </td>
              </tr>
            ))}
          </tbody>
        </StackedTable>
      ) : (
        <p>{t("admin:categories.empty")}</p>
      )}
      <NewTermPanel formPrefix="category" title={t("admin:categories.new")} reply={actionData} parents={loaderData.parents} />
    </>
  );
}
