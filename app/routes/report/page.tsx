import type { Route } from "./+types/route";
import { useAdvertsT } from "#app/components/adverts/use-adverts-t.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { useLocale } from "#app/hooks/use-t.ts";
import { ReportFormBody } from "#app/components/report-form.tsx";
import { localizePath } from "#app/i18n/locales.ts";

export default function Report({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useAdvertsT();
  const locale = useLocale();
  const target = actionData ? actionData.target : loaderData.target;
  return (
    <section className="report-page" aria-labelledby="report-title">
      <h1 id="report-title">{t("reports:page.title")}</h1>
      {target ? (
        <>
          <p>
            <LocalizedLink to={target.path}>{t("reports:page.back")}</LocalizedLink>
          </p>
          <ReportFormBody
            targetType={target.type}
            targetId={target.id}
            returnTo={localizePath(target.path, locale)}
            lastResult={actionData?.result}
            standalone
          />
        </>
      ) : (
        <p className="form__errors" role="alert">
          {t("reports:errors.target_not_found")}
        </p>
      )}
    </section>
  );
}
