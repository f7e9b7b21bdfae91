import { data } from "react-router";
import type { Route } from "./+types/route";
import { ContentForm } from "~/components/dashboard/content-form";
import { dashboardLinks } from "~/components/dashboard/links";
import { sectionName, useAdminT } from "~/components/dashboard/use-admin-t";
import { BackLink } from "~/components/dashboard/back-link";
import { localeFromPath, localizePath } from "~/i18n/locales";
import { redirectWithFlash } from "~/modules/http/flash.server";
import { pageMeta } from "~/modules/seo/meta";
import { getPageLanguage } from "~/middleware/i18next";
import { formOptions, newItemDefaults } from "~/modules/staff-content/form-data.server";
import { postedImagePreviews } from "~/modules/staff-content/form-images.server";
import { adminT, requireContentAccess } from "~/modules/staff-content/route-access.server";
import { saveContentForm } from "~/modules/staff-content/save.server";
import { readContentForm } from "~/modules/staff-content/uploads.server";
import { dashboardPaths } from "~/modules/staff-content/types";

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

export { headers } from "~/modules/http/route-headers";

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const { spec, actor } = requireContentAccess({ context, url, params });
  const posted = await readContentForm(request, actor.id);
  try {
    const formData = posted.form;
    if (formData.get("intent") !== "save") throw data(null, { status: 400, statusText: "Bad Request" });
    const outcome = await saveContentForm(spec, posted, actor);
    if (outcome.kind === "created") {
      const to = localizePath(dashboardPaths.edit(spec.type, outcome.id), localeFromPath(url.pathname));
      return redirectWithFlash(to, { severity: "success", message: "admin:form.created" });
    }
    if (outcome.kind !== "invalid") throw data(null, { status: 400, statusText: "Bad Request" });
    return data({ result: outcome.result, images: await postedImagePreviews(spec, formData) }, { status: 400 });
  } finally {
    await posted.done();
  }
}

export default function NewContent({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminT();
  const { type } = loaderData;
  const section = sectionName(t, type);
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
