import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/route";
import { readForm } from "#app/modules/http/body.server.ts";
import { AuditTrail } from "#app/components/dashboard/audit-trail.tsx";
import { dashboardLinks } from "#app/components/dashboard/links.ts";
import { TermForm } from "#app/components/dashboard/term-form.tsx";
import { useSectionT } from "#app/components/dashboard/use-admin-t.ts";
import { BackLink } from "#app/components/dashboard/back-link.tsx";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { getPageLanguage } from "#app/middleware/i18next.ts";
import { auditTrail } from "#app/modules/audit/audit.server.ts";
import { presentAudit } from "#app/modules/audit/present.server.ts";
import { redirectWithFlash } from "#app/modules/http/flash.server.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { categoryTree } from "#app/modules/staff-content/form-data.server.ts";
import { adminT, idParam } from "#app/modules/staff-content/route-access.server.ts";
import { dashboardPaths } from "#app/modules/staff-content/types.ts";
import { findCategory, listCategories, updateCategory } from "#app/modules/taxonomy/categories.server.ts";
import { requireCategoryAccess, termReply } from "#app/modules/taxonomy/route-helpers.server.ts";
import { categorySchema } from "#app/modules/taxonomy/schemas.ts";
import { badRequest, notFound } from "#app/modules/http/errors.ts";

export const links: Route.LinksFunction = dashboardLinks;
export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const { type, kind } = requireCategoryAccess({ context, url, params });
  const id = idParam(params.id);
  const category = await findCategory(kind, id);
  if (!category) notFound();
  const t = adminT(context);
  return {
    type,
    category: { id, name_uk: category.name_uk, name_en: category.name_en, slug: category.slug, parent_id: category.parent_id },
    parents: categoryTree(await listCategories(kind), getPageLanguage(context)),
    history: presentAudit(await auditTrail("category", id), getPageLanguage(context)),
    seo: { title: t("admin:categories.edit_title", { name: category.name_uk }), description: t("admin:categories.lead") },
  };
}

export { headers } from "#app/modules/http/route-headers.ts";

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const { type, kind, user } = requireCategoryAccess({ context, url, params });
  const id = idParam(params.id);
  const formData = await readForm(request);
  if (formData.get("intent") !== "rename") badRequest();
  const submission = parseWithZod(formData, { schema: categorySchema });
  if (submission.status !== "success") return termReply("category-edit", submission);
  const { name_uk, name_en, slug, parent_id } = submission.value;
  const result = await updateCategory(kind, id, { name_uk, name_en: name_en || null, slug: slug || null, parent_id: parent_id ?? null }, user.id);
  if (!result.ok) {
    if (result.message === "admin:errors.not_found") notFound();
    return termReply("category-edit", submission, { [result.field]: [result.message] });
  }
  const back = localizePath(dashboardPaths.categories(type), localeFromPath(url.pathname));
  return redirectWithFlash(back, { severity: "success", message: "admin:categories.saved" });
}

export default function CategoryEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { type, category } = loaderData;
  const { t, section } = useSectionT(type);
  return (
    <>
      <BackLink to={dashboardPaths.categories(type)}>{t("dashboard:sections.categories", { section })}</BackLink>
      <h1>{t("admin:categories.edit_title", { name: category.name_uk })}</h1>
      <TermForm formId="category-edit" intent="rename" id={category.id} defaults={category} reply={actionData} parents={loaderData.parents} submitLabel={t("admin:form.save")} />
      <AuditTrail entries={loaderData.history} />
    </>
  );
}
