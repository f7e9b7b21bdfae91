import { Form } from "react-router";
import type { Route } from "./+types/route";
import { ContentForm } from "#app/components/dashboard/content-form.tsx";
import { dashboardLinks } from "#app/components/dashboard/links.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Honeypot } from "#app/components/submissions/honeypot.tsx";
import { useSubmissionsT } from "#app/components/submissions/use-submissions-t.ts";
import { useLocale } from "#app/hooks/use-t.ts";
import { localizePath } from "#app/i18n/locales.ts";
import { getPageLanguage } from "#app/middleware/i18next.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import { notFound } from "#app/modules/http/errors.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { getSettings } from "#app/modules/settings/settings.server.ts";
import { formOptions, newItemDefaults } from "#app/modules/staff-content/form-data.server.ts";
import { isSubmissionType, submissionFormSpec, SUBMISSION_PATHS, SUBMISSIONS_PATH, type SubmissionType } from "#app/modules/submissions/forms.ts";
import { submissionCap } from "#app/modules/submissions/limits.server.ts";
import { submissionsT } from "#app/modules/submissions/translate.server.ts";
import { submitContent } from "#app/modules/submissions/submit.server.ts";

// /cabinet/add-poster, /cabinet/add-service, /cabinet/add-organisation: one module, the type
// named by the route's id. A signed-in user sends the staff form's fields for review.

export const links: Route.LinksFunction = dashboardLinks;
export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

/** The type this page sends, from the path it was opened at. */
function typeOf(url: URL): SubmissionType {
  const type = Object.entries(SUBMISSION_PATHS).find(([, path]) => url.pathname.endsWith(path))?.[0];
  if (!isSubmissionType(type)) notFound();
  return type;
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser({ context, url });
  const type = typeOf(url);
  const t = submissionsT(context);
  const spec = submissionFormSpec(type);
  const settings = await getSettings();
  const [options, cap] = await Promise.all([formOptions(spec, getPageLanguage(context)), user.emailVerified ? submissionCap(user.id, settings) : null]);
  return {
    type,
    verified: user.emailVerified,
    limit: cap?.reached ? cap.max : null,
    defaults: newItemDefaults(spec),
    options,
    seo: { title: t(`form.title.${type}`), description: t("form.seo_description") },
  };
}

export { headers } from "#app/modules/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireUser({ context, url });
  return submitContent({ request, url, user, type: typeOf(url) });
}

export default function AddSubmission({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useSubmissionsT();
  const locale = useLocale();
  const { type, verified, limit } = loaderData;
  return (
    <section className="submission-form-page" aria-labelledby="submission-form-title">
      <h1 id="submission-form-title">{t(`submissions:form.title.${type}`)}</h1>
      {!verified ? (
        <div className="notice notice--warn" role="status">
          <h2>{t("submissions:form.not_verified_title")}</h2>
          <p>{t("submissions:form.not_verified")}</p>
          <Form method="post" action={localizePath("/cabinet", locale)}>
            <input type="hidden" name="intent" value="resend" />
            <button type="submit" className="button button--secondary">
              {t("adverts:form.resend")}
            </button>
          </Form>
        </div>
      ) : limit !== null && !actionData ? (
        <div className="notice notice--warn" role="status">
          <p>{t("submissions:form.limit_reached", { max: limit })}</p>
          <p>
            <LocalizedLink to={SUBMISSIONS_PATH}>{t("submissions:list.title")}</LocalizedLink>
          </p>
        </div>
      ) : (
        <>
          <p className="notice">{t("submissions:form.lead")}</p>
          <ContentForm
            type={type}
            spec={submissionFormSpec(type)}
            defaults={loaderData.defaults}
            lastResult={actionData?.result}
            options={loaderData.options}
            images={actionData?.images ?? {}}
            submitLabel={t("submissions:form.submit")}
          >
            <Honeypot />
          </ContentForm>
        </>
      )}
    </section>
  );
}
