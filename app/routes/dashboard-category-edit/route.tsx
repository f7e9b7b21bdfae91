import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/route";
import { readForm } from "~/modules/http/body.server";
import { AuditTrail } from "~/components/dashboard/audit-trail";
import { dashboardLinks } from "~/components/dashboard/links";
import { TermForm } from "~/components/dashboard/term-form";
import { sectionName, useAdminT } from "~/components/dashboard/use-admin-t";
import { BackLink } from "~/components/dashboard/back-link";
import { localeFromPath, localizePath } from "~/i18n/locales";
import { getPageLanguage } from "~/middleware/i18next";
import { auditTrail } from "~/modules/audit/audit.server";
import { presentAudit } from "~/modules/audit/present.server";
import { redirectWithFlash } from "~/modules/http/flash.server";
import { pageMeta } from "~/modules/seo/meta";
import { categoryTree } from "~/modules/staff-content/form-data.server";
import { adminT, idParam, notFound } from "~/modules/staff-content/route-access.server";
import { dashboardPaths } from "~/modules/staff-content/types";
import { findCategory, listCategories, updateCategory } from "~/modules/taxonomy/categories.server";
import { requireCategoryAccess, termReply } from "~/modules/taxonomy/route-helpers.server";
import { categorySchema } from "~/modules/taxonomy/schemas";

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

export { headers } from "~/modules/http/route-headers";

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const { type, kind, user } = requireCategoryAccess({ context, url, params });
  const id = idParam(params.id);
  const formData = await readForm(request);
  if (formData.get("intent") !== "rename") throw data(null, { status: 400, statusText: "Bad Request" });
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
  const { t } = useAdminT();
  const { type, category } = loaderData;
  const section = sectionName(t, type);
  return (
    <>
      <BackLink to={dashboardPaths.categories(type)}>{t("dashboard:sections.categories", { section })}</BackLink>
      <h1>{t("admin:categories.edit_title", { name: category.name_uk })}</h1>
      <TermForm formId="category-edit" intent="rename" id={category.id} defaults={category} reply={actionData} parents={loaderData.parents} submitLabel={t("admin:form.save")} />
      <AuditTrail entries={loaderData.history} />
    </>
  );
}
