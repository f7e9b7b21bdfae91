import type { Route } from "./+types/route";
import { readForm } from "#app/platform/http/body.server.ts";
import { dashboardLinks } from "#app/components/dashboard/links.ts";
import { OrderedRowActions } from "#app/components/dashboard/row-action.tsx";
import { NewTermPanel, TermDetails } from "#app/components/dashboard/term-form.tsx";
import { useAdminT } from "#app/components/dashboard/use-admin-t.ts";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { requirePermission } from "#app/modules/auth/guards.server.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { adminT } from "#app/modules/staff-content/route-access.server.ts";
import { positiveId, termIntent } from "#app/modules/taxonomy/route-helpers.server.ts";
import { listLocations, moveLocation } from "#app/modules/taxonomy/terms.server.ts";
import { badRequest } from "#app/platform/http/errors.ts";

export const links: Route.LinksFunction = dashboardLinks;
export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  requirePermission({ context, url }, "locations.manage");
  const t = adminT(context);
  return { locations: await listLocations(), seo: { title: t("dashboard:sections.locations"), description: t("admin:locations.lead") } };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requirePermission({ context, url }, "locations.manage");
  const here = localizePath("/dashboard/locations", localeFromPath(url.pathname));
  const formData = await readForm(request);
  const answered = await termIntent("locations", formData, here, user.id);
  if (answered) return answered;
  const intent = formData.get("intent");
  if (intent === "up" || intent === "down") {
    await moveLocation(positiveId(formData.get("id")), intent, user.id);
    return redirectWithFlash(here, { severity: "success", message: "admin:categories.moved" });
  }
  badRequest();
}

export default function Locations({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminT();
  return (
    <>
      <h1>{t("dashboard:sections.locations")}</h1>
      <p className="panel__lead">{t("admin:locations.lead")}</p>
      <ul className="dash-term-list">
        {loaderData.locations.map((location) => (
          <li key={location.id}>
            <TermDetails formPrefix="location" term={location} reply={actionData} point />
            <OrderedRowActions id={location.id} name={location.name_uk} deletable={location.uses === 0} />
          </li>
        ))}
      </ul>
      <NewTermPanel formPrefix="location" title={t("admin:locations.new")} reply={actionData} point />
    </>
  );
}
