import { data } from "react-router";
import type { Route } from "./+types/route";
import { ContentForm } from "#app/components/dashboard/content-form.tsx";
import { dashboardLinks } from "#app/components/dashboard/links.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { useOrganisationsT } from "#app/components/organisations/use-organisations-t.ts";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import { canEditPage, requireOrganisation } from "#app/modules/organisations/access.server.ts";
import { PAGE_TYPE, pageSpec } from "#app/modules/organisations/forms.ts";
import { loadOrganisationPage, saveOrganisationPage } from "#app/modules/organisations/page.server.ts";
import { organisationsT } from "#app/modules/organisations/translate.server.ts";
import { formOptions, itemDefaults } from "#app/modules/staff-content/form-data.server.ts";
import { itemImagePreviews, postedImagePreviews } from "#app/modules/staff-content/form-images.server.ts";
import { readContentForm } from "#app/modules/staff-content/uploads.server.ts";
import { formatDate, formatTime } from "#app/platform/format/dates.ts";
import { badRequest, forbidden, notFound } from "#app/platform/http/errors.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { parseId } from "#app/platform/http/ids.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";

// /cabinet/organisations/{id}/page: members of a trusted organisation edit its public page
// (saved live, audited); an untrusted one's members are told why they cannot.

export const links: Route.LinksFunction = dashboardLinks;
export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const user = requireUser({ context, url });
  const language = getPageLanguage(context);
  const organisation = await requireOrganisation(user, parseId(params.id), "page.edit", language);
  const t = organisationsT(context);
  const seo = { title: t("page_form.title", { name: organisation.name.text }), description: t("organisation.seo_description") };
  const row = await loadOrganisationPage(organisation.id);
  if (!row) notFound();
  if (!canEditPage(organisation)) return { organisation, form: null, seo };
  const spec = pageSpec();
  const [options, images] = await Promise.all([formOptions(spec, language), itemImagePreviews(spec, row, [])]);
  return { organisation, form: { defaults: itemDefaults(spec, row, [], [], language), options, images }, seo };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const user = requireUser({ context, url });
  const language = getPageLanguage(context);
  const organisation = await requireOrganisation(user, parseId(params.id), "page.edit", language);
  if (!canEditPage(organisation)) forbidden();
  const row = await loadOrganisationPage(organisation.id);
  if (!row) notFound();
  const back = localizePath(`/cabinet/organisations/${organisation.id}`, localeFromPath(url.pathname));
  const posted = await readContentForm(request, user.id);
  try {
    if (posted.form.get("intent") !== "save") badRequest();
    const outcome = await saveOrganisationPage(row, posted, user);
    switch (outcome.kind) {
      case "saved":
        return redirectWithFlash(back, { severity: "success", message: "organisations:flash.page_saved" });
      case "invalid":
        return data({ result: outcome.result, conflict: null, images: await postedImagePreviews(pageSpec(), posted.form) }, 400);
      case "conflict": {
        const at = new Date(outcome.updatedAt);
        return data(
          {
            result: outcome.result,
            conflict: {
              version: outcome.version,
              updatedAt: `${formatDate(at, language)} ${formatTime(at, language)}`,
              latestPath: url.pathname,
            },
            images: await postedImagePreviews(pageSpec(), posted.form),
          },
          409,
        );
      }
      default:
        notFound();
    }
  } finally {
    await posted.done();
  }
}

export default function OrganisationPageForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useOrganisationsT();
  const { organisation, form } = loaderData;
  return (
    <section aria-labelledby="org-page-title" className="submission-form-page">
      <p>
        <LocalizedLink to={`/cabinet/organisations/${organisation.id}`}>← {organisation.name.text}</LocalizedLink>
      </p>
      <h1 id="org-page-title">{t("organisations:page_form.title", { name: organisation.name.text })}</h1>
      {form ? (
        <>
          <p className="notice">{t("organisations:page_form.lead")}</p>
          <ContentForm
            key={String(form.defaults.version)}
            type={PAGE_TYPE}
            spec={pageSpec()}
            defaults={form.defaults}
            lastResult={actionData?.result}
            options={form.options}
            images={{ ...form.images, ...actionData?.images }}
            conflict={actionData?.conflict}
            submitLabel={t("organisations:page_form.save")}
          />
        </>
      ) : (
        <p className="notice notice--warn">{t("organisations:page_form.locked")}</p>
      )}
    </section>
  );
}
