import type { Route } from "./+types/route";
import { ContentForm } from "#app/components/dashboard/content-form.tsx";
import { dashboardLinks } from "#app/components/dashboard/links.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Honeypot } from "#app/components/submissions/honeypot.tsx";
import { useSubmissionsT } from "#app/components/submissions/use-submissions-t.ts";
import { UnverifiedEmailNotice } from "#app/components/account/unverified-email-notice.tsx";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import { notFound } from "#app/platform/http/errors.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { getSettings } from "#app/platform/settings/settings.server.ts";
import { formOptions, newItemDefaults } from "#app/modules/staff-content/form-data.server.ts";
import {
  isSubmissionType,
  submissionFormSpec,
  SUBMISSION_PATHS,
  SUBMISSIONS_PATH,
  type SubmissionType,
} from "#app/modules/submissions/forms.ts";
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
  const [options, cap] = await Promise.all([
    formOptions(spec, getPageLanguage(context)),
    user.emailVerified ? submissionCap(user.id, settings) : null,
  ]);
  return {
    type,
    verified: user.emailVerified,
    limit: cap?.reached ? cap.max : null,
    defaults: newItemDefaults(spec),
    options,
    seo: { title: t(`form.title.${type}`), description: t("form.seo_description") },
  };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireUser({ context, url });
  return submitContent({ request, url, user, type: typeOf(url) });
}

export default function AddSubmission({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useSubmissionsT();
  const { type, verified, limit } = loaderData;
  return (
    <section className="submission-form-page" aria-labelledby="submission-form-title">
      <h1 id="submission-form-title">{t(`submissions:form.title.${type}`)}</h1>
      {!verified ? (
        <UnverifiedEmailNotice
          title={t("submissions:form.not_verified_title")}
          text={t("submissions:form.not_verified")}
          resendLabel={t("adverts:form.resend")}
        />
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
