import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/route";
import { readForm } from "#app/platform/http/body.server.ts";
import { AuditTrail } from "#app/components/dashboard/audit-trail.tsx";
import { dashboardLinks } from "#app/components/dashboard/links.ts";
import { TermForm } from "#app/components/dashboard/term-form.tsx";
import { useSectionT } from "#app/components/dashboard/use-admin-t.ts";
import { BackLink } from "#app/components/dashboard/back-link.tsx";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { auditTrail } from "#app/modules/audit/audit.server.ts";
import { presentAudit } from "#app/modules/audit/present.server.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { categoryTree } from "#app/modules/staff-content/form-data.server.ts";
import { adminT, idParam } from "#app/modules/staff-content/route-access.server.ts";
import { dashboardPaths } from "#app/modules/staff-content/types.ts";
import { findCategory, listCategories, updateCategory } from "#app/modules/taxonomy/categories.server.ts";
import { positiveId, requireCategoryAccess, termReply } from "#app/modules/taxonomy/route-helpers.server.ts";
import { categorySchema } from "#app/modules/taxonomy/schemas.ts";
import { badRequest, notFound } from "#app/platform/http/errors.ts";
import { data } from "react-router";
import {
  createField,
  inheritedFields,
  moveField,
  ownFields,
  setFieldRemoved,
  updateField,
} from "#app/modules/adverts/category-field-editor.server.ts";
import { pickLocalized } from "#app/platform/format/localized.ts";
import { CategoryFieldEditor, type FieldEditorReply } from "./field-editor.tsx";
import { fieldDefinitionSchema, keyFromLabel, parseOptionLines } from "./schema.ts";

export const links: Route.LinksFunction = dashboardLinks;
export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const { type, kind } = requireCategoryAccess({ context, url, params });
  const id = idParam(params.id);
  const category = await findCategory(kind, id);
  if (!category) notFound();
  const t = adminT(context);
  const language = getPageLanguage(context);
  // Only advert categories have fields (the form, the page and the filters read them).
  const withFields = kind === "advertisement";
  const [fields, inherited] = withFields ? await Promise.all([ownFields(id), inheritedFields(id)]) : [[], []];
  return {
    type,
    withFields,
    fields,
    inherited: inherited.map((field) => pickLocalized(field.label_uk, field.label_en, language).text),
    category: { id, name_uk: category.name_uk, name_en: category.name_en, slug: category.slug, parent_id: category.parent_id },
    parents: categoryTree(await listCategories(kind), getPageLanguage(context)),
    history: presentAudit(await auditTrail("category", id), getPageLanguage(context)),
    seo: { title: t("admin:categories.edit_title", { name: category.name_uk }), description: t("admin:categories.lead") },
  };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const { type, kind, user } = requireCategoryAccess({ context, url, params });
  const id = idParam(params.id);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (typeof intent === "string" && intent.startsWith("field-")) {
    if (kind !== "advertisement" || !(await findCategory(kind, id))) notFound();
    return fieldIntent(intent, formData, id, user.id, localizePath(dashboardPaths.category(type, id), localeFromPath(url.pathname)));
  }
  if (intent !== "rename") badRequest();
  const submission = parseWithZod(formData, { schema: categorySchema });
  if (submission.status !== "success") return termReply("category-edit", submission);
  const { name_uk, name_en, slug, parent_id } = submission.value;
  const result = await updateCategory(
    kind,
    id,
    { name_uk, name_en: name_en || null, slug: slug || null, parent_id: parent_id ?? null },
    user.id,
  );
  if (!result.ok) {
    if (result.message === "admin:errors.not_found") notFound();
    return termReply("category-edit", submission, { [result.field]: [result.message] });
  }
  const back = localizePath(dashboardPaths.categories(type), localeFromPath(url.pathname));
  return redirectWithFlash(back, { severity: "success", message: "admin:categories.saved" });
}

/** The field editor's answer with errors: 400 and the form it belongs to. */
function fieldReply(formId: string, result: FieldEditorReply["result"]) {
  return data<FieldEditorReply>({ formId, result }, { status: 400 });
}

/** The field editor's intents: define, change, move, remove and restore one field of the category. */
async function fieldIntent(intent: string, formData: FormData, categoryId: number, actorId: number, here: string) {
  if (intent === "field-create" || intent === "field-update") {
    const fieldId = intent === "field-update" ? positiveId(formData.get("id")) : null;
    const formId = fieldId === null ? "field-new" : `field-${fieldId}`;
    const submission = parseWithZod(formData, { schema: fieldDefinitionSchema });
    if (submission.status !== "success") return fieldReply(formId, submission.reply());
    const value = submission.value;
    const parsed = value.kind === "select" ? parseOptionLines(value.options ?? "") : { options: [] };
    const definition = {
      kind: value.kind,
      label_uk: value.label_uk,
      label_en: value.label_en,
      unit_uk: value.kind === "number" ? value.unit_uk || null : null,
      unit_en: value.kind === "number" ? value.unit_en || null : null,
      options: "options" in parsed ? parsed.options : [],
      required: value.required,
    };
    const result =
      fieldId === null
        ? await createField(categoryId, { ...definition, key: value.key || keyFromLabel(value.label_en) }, actorId)
        : await updateField(categoryId, fieldId, definition, actorId);
    if (result === null) notFound();
    if (!result.ok) return fieldReply(formId, submission.reply({ fieldErrors: { [result.field]: [result.message] } }));
    return redirectWithFlash(here, {
      severity: "success",
      message: fieldId === null ? "fields:editor.flash.created" : "fields:editor.flash.saved",
    });
  }
  const fieldId = positiveId(formData.get("id"));
  if (intent === "field-up" || intent === "field-down") {
    await moveField(categoryId, fieldId, intent === "field-up" ? "up" : "down", actorId);
    return redirectWithFlash(here, { severity: "success", message: "fields:editor.flash.moved" });
  }
  if (intent === "field-remove" || intent === "field-restore") {
    if (!(await setFieldRemoved(categoryId, fieldId, intent === "field-remove", actorId))) notFound();
    return redirectWithFlash(here, {
      severity: "success",
      message: intent === "field-remove" ? "fields:editor.flash.removed" : "fields:editor.flash.restored",
    });
  }
  badRequest();
}

export default function CategoryEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { type, category } = loaderData;
  const { t, section } = useSectionT(type);
  return (
    <>
      <BackLink to={dashboardPaths.categories(type)}>{t("dashboard:sections.categories", { section })}</BackLink>
      <h1>{t("admin:categories.edit_title", { name: category.name_uk })}</h1>
      <TermForm
        formId="category-edit"
        intent="rename"
        id={category.id}
        defaults={category}
        reply={actionData}
        parents={loaderData.parents}
        submitLabel={t("admin:form.save")}
      />
      {loaderData.withFields ? (
        <CategoryFieldEditor
          fields={loaderData.fields}
          inherited={loaderData.inherited}
          reply={actionData && "formId" in actionData && actionData.formId.startsWith("field-") ? (actionData as FieldEditorReply) : null}
        />
      ) : null}
      <AuditTrail entries={loaderData.history} />
    </>
  );
}
