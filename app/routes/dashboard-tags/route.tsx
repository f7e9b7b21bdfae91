import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import type { Route } from "./+types/route";
import { readForm } from "#app/platform/http/body.server.ts";
import { dashboardLinks } from "#app/components/dashboard/links.ts";
import { SearchFilters } from "#app/components/dashboard/list-filters.tsx";
import { RowAction } from "#app/components/dashboard/row-action.tsx";
import { NewTermPanel, TermDetails } from "#app/components/dashboard/term-form.tsx";
import { useAdminT } from "#app/components/dashboard/use-admin-t.ts";
import { FieldErrors, FormErrors } from "#app/components/forms/error-list.tsx";
import { Field } from "#app/components/forms/field.tsx";
import { useConformForm } from "#app/components/forms/use-conform-form.ts";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { requirePermission } from "#app/modules/auth/guards.server.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { adminT } from "#app/modules/staff-content/route-access.server.ts";
import { termIntent } from "#app/modules/taxonomy/route-helpers.server.ts";
import { mergeTagsSchema } from "#app/modules/taxonomy/schemas.ts";
import { listTags, mergeTags } from "#app/modules/taxonomy/terms.server.ts";
import { parseQuery, queryText } from "#app/platform/http/query.ts";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";
import { badRequest } from "#app/platform/http/errors.ts";

export const links: Route.LinksFunction = dashboardLinks;
export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  requirePermission({ context, url }, "tags.manage");
  const { q } = parseQuery(url.searchParams, { q: queryText(100) });
  const t = adminT(context);
  return { q: q ?? "", tags: await listTags(q), seo: { title: t("dashboard:sections.tags"), description: t("admin:tags.lead") } };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requirePermission({ context, url }, "tags.manage");
  const here = localizePath("/dashboard/tags", localeFromPath(url.pathname)) + url.search;
  const formData = await readForm(request);
  const answered = await termIntent("tags", formData, here, user.id);
  if (answered) return answered;
  const intent = formData.get("intent");
  if (intent === "merge") {
    const submission = parseWithZod(formData, { schema: mergeTagsSchema });
    if (submission.status !== "success") return data({ formId: "tag-merge", result: submission.reply() }, { status: 400 });
    const merged = await mergeTags(submission.value.source_ids, submission.value.target_id, user.id);
    return redirectWithFlash(here, { severity: "success", message: "admin:tags.merged", values: { count: merged } });
  }
  badRequest();
}

export default function Tags({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminT();
  const { tags, q } = loaderData;
  return (
    <>
      <h1>{t("dashboard:sections.tags")}</h1>
      <p className="panel__lead">{t("admin:tags.lead")}</p>
      <SearchFilters id="tags-q" label={t("admin:list.search")} q={q} />
      {tags.length ? <MergeForm tags={tags} reply={actionData} /> : <p>{t("admin:tags.empty")}</p>}
      <ul className="dash-term-list">
        {tags.map((tag) => (
          <li key={tag.id}>
            <TermDetails formPrefix="tag" term={tag} note={tag.name_en ? undefined : ` · ${t("admin:tags.no_english")}`} reply={actionData}>
              {tag.uses === 0 ? (
                <RowAction
                  intent="delete"
                  id={tag.id}
                  label={t("admin:actions.delete")}
                  ariaLabel={t("admin:tags.delete_named", { name: tag.name_uk })}
                  danger
                />
              ) : null}
            </TermDetails>
          </li>
        ))}
      </ul>
      <NewTermPanel formPrefix="tag" title={t("admin:tags.new")} reply={actionData} />
    </>
  );
}

type TagRow = Route.ComponentProps["loaderData"]["tags"][number];

/** Merge duplicates: tick the tags to fold in, pick the one that stays. */
function MergeForm({ tags, reply }: { tags: TagRow[]; reply: Route.ComponentProps["actionData"] }) {
  const { t } = useAdminT();
  const [form, fields] = useConformForm(mergeTagsSchema, {
    id: "tag-merge",
    lastResult: reply?.formId === "tag-merge" ? reply.result : undefined,
    validateOn: "submit",
  });
  return (
    <Form method="post" className="panel dash-merge" {...getFormProps(form)}>
      <h2>{t("admin:tags.merge_title")}</h2>
      <input type="hidden" name="intent" value="merge" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <fieldset aria-describedby={fields.source_ids.errors?.length ? fields.source_ids.errorId : undefined}>
        <legend>{t("admin:tags.merge_sources")}</legend>
        <ul className="dash-tags__list">
          {tags.map((tag) => (
            <li key={tag.id}>
              <label>
                <input type="checkbox" name={fields.source_ids.name} value={tag.id} /> {tag.name_uk} ({tag.uses})
              </label>
            </li>
          ))}
        </ul>
        <FieldErrors id={fields.source_ids.errorId} errors={fields.source_ids.errors} />
      </fieldset>
      <Field field={fields.target_id} label={t("admin:tags.merge_target")}>
        {(control) => (
          <select {...control} name={fields.target_id.name} defaultValue="">
            <option value="">{t("admin:form.choose")}</option>
            {tags.map((tag) => (
              <option key={tag.id} value={tag.id}>
                {tag.name_uk}
              </option>
            ))}
          </select>
        )}
      </Field>
      <SubmitRow>{t("admin:tags.merge")}</SubmitRow>
    </Form>
  );
}
