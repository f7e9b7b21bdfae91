import { Form } from "react-router";
import type { Route } from "./+types/route";
import { useSecurityT } from "#app/components/account/use-security-t.ts";
import { getInstance, getPageLanguage } from "#app/i18n/request.server.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";
import { SubmitRow } from "#app/components/forms/submit-row.tsx";

// /cabinet/export: the form that asks for the user's personal data (cabinet-export-file answers it).

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  requireUser({ context, url });
  const t = getInstance(context).getFixedT(getPageLanguage(context), "security");
  return { action: `${url.pathname.replace(/\/$/, "")}/file`, seo: { title: t("export.title"), description: t("export.seo_description") } };
}

export default function CabinetExport({ loaderData }: Route.ComponentProps) {
  const { t } = useSecurityT();
  return (
    <>
      <h1>{t("security:export.title")}</h1>
      <section className="panel" aria-labelledby="export-heading">
        <h2 id="export-heading" className="visually-hidden">
          {t("security:export.title")}
        </h2>
        <p>{t("security:export.lead")}</p>
        <p className="panel__lead">{t("security:export.large")}</p>
        {/* A document post to a resource route: the answer is a file download, which a fetch could not save. */}
        <Form method="post" action={loaderData.action} reloadDocument className="form">
          <input type="hidden" name="intent" value="export" />
          <SubmitRow>{t("security:export.submit")}</SubmitRow>
        </Form>
      </section>
    </>
  );
}
