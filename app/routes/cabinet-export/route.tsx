import { Readable } from "node:stream";
import { Form } from "react-router";
import type { Route } from "./+types/route";
import { useSecurityT } from "#app/components/account/use-security-t.ts";
import { getInstance, getPageLanguage } from "#app/middleware/i18next.ts";
import { countOwnPhotos, exportFileName, exportZip, INSTANT_EXPORT_MAX_PHOTOS, queueExport } from "#app/modules/account-export/export.server.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import { consumeLimit } from "#app/modules/auth/rate-limit.server.ts";
import { publicOrigin } from "#app/modules/config/config.server.ts";
import { readConsent } from "#app/modules/consent/consent.server.ts";
import { readForm } from "#app/modules/http/body.server.ts";
import { badRequest, notFound } from "#app/modules/http/errors.ts";
import { redirectWithFlash } from "#app/modules/http/flash.server.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";
import { exportSchema } from "./schema.ts";

// /cabinet/export: the user's personal data as a zip. Small accounts get it in the answer to
// the post; larger ones get a mailed link when the job queue has built it.

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

/** Packing a zip costs: a few a day per account is plenty. */
const EXPORT_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 };

export async function loader({ context, url }: Route.LoaderArgs) {
  requireUser({ context, url });
  const t = getInstance(context).getFixedT(getPageLanguage(context), "security");
  return { seo: { title: t("export.title"), description: t("export.seo_description") } };
}

export { headers } from "#app/modules/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireUser({ context, url });
  if (!exportSchema.safeParse(Object.fromEntries(await readForm(request))).success) badRequest();
  const limit = await consumeLimit([{ key: `export:user:${user.id}`, limit: EXPORT_LIMIT }]);
  if (limit.limited) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    return redirectWithFlash(url.pathname, { severity: "warn", message: "security:export.limited", values: { minutes } }, { status: 303, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  }
  const consent = readConsent(request);
  if ((await countOwnPhotos(user.id)) > INSTANT_EXPORT_MAX_PHOTOS) {
    await queueExport(user.id, consent, publicOrigin(context));
    return redirectWithFlash(url.pathname, { severity: "success", message: "security:export.queued" }, { status: 303 });
  }
  const zip = await exportZip(user.id, consent);
  if (!zip) notFound();
  return new Response(Readable.toWeb(zip) as ReadableStream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${exportFileName()}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export default function CabinetExport() {
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
        {/* A document post: the answer is a file download, which a fetch could not save. */}
        <Form method="post" reloadDocument className="form">
          <input type="hidden" name="intent" value="export" />
          <div className="form__actions">
            <button type="submit" className="button">
              {t("security:export.submit")}
            </button>
          </div>
        </Form>
      </section>
    </>
  );
}
