import { data } from "react-router";
import type { Route } from "./+types/route";
import { ContentForm } from "#app/components/dashboard/content-form.tsx";
import { dashboardLinks } from "#app/components/dashboard/links.ts";
import { useSectionT } from "#app/components/dashboard/use-admin-t.ts";
import { BackLink } from "#app/components/dashboard/back-link.tsx";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { formOptions, newItemDefaults } from "#app/modules/staff-content/form-data.server.ts";
import { postedImagePreviews } from "#app/modules/staff-content/form-images.server.ts";
import { adminT, requireContentAccess } from "#app/modules/staff-content/route-access.server.ts";
import { saveContentForm } from "#app/modules/staff-content/save.server.ts";
import { readContentForm } from "#app/modules/staff-content/uploads.server.ts";
import { dashboardPaths } from "#app/modules/staff-content/types.ts";
import { badRequest } from "#app/platform/http/errors.ts";

export const links: Route.LinksFunction = dashboardLinks;
export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const { spec } = requireContentAccess({ context, url, params });
  const t = adminT(context);
  const section = t(`dashboard:sections.${spec.type}`);
  return {
    type: spec.type,
    defaults: newItemDefaults(spec),
    options: await formOptions(spec, getPageLanguage(context)),
    seo: { title: t("admin:form.new_title", { section }), description: t("admin:form.new_title", { section }) },
  };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const { spec, actor } = requireContentAccess({ context, url, params });
  const posted = await readContentForm(request, actor.id);
  try {
    const formData = posted.form;
    if (formData.get("intent") !== "save") badRequest();
    const outcome = await saveContentForm(spec, posted, actor);
    if (outcome.kind === "created") {
      const to = localizePath(dashboardPaths.edit(spec.type, outcome.id), localeFromPath(url.pathname));
      return redirectWithFlash(to, { severity: "success", message: "admin:form.created" });
    }
    if (outcome.kind !== "invalid") badRequest();
    return data({ result: outcome.result, images: await postedImagePreviews(spec, formData) }, { status: 400 });
  } finally {
    await posted.done();
  }
}

export default function NewContent({ loaderData, actionData }: Route.ComponentProps) {
  const { type } = loaderData;
  const { t, section } = useSectionT(type);
  return (
    <>
      <BackLink to={dashboardPaths.list(type)}>{t("admin:form.back", { section })}</BackLink>
      <h1>{t("admin:form.new_title", { section })}</h1>
      <ContentForm
        type={type}
        defaults={loaderData.defaults}
        lastResult={actionData?.result}
        options={loaderData.options}
        images={actionData?.images ?? {}}
        submitLabel={t("admin:form.create")}
      />
    </>
  );
}
