import type { Route } from "./+types/route";
import { advertFormSchema } from "#app/modules/adverts/form-schema.ts";
import { getZodConstraint } from "@conform-to/zod/v4";
import { AdvertForm } from "#app/components/adverts/advert-form.tsx";
import { sendsForReview } from "#app/modules/adverts/lifecycle.ts";
import { StatusBadge } from "#app/components/adverts/status-badge.tsx";
import { useAdvertsT } from "#app/components/adverts/use-adverts-t.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import { advertFormOptions, editAdvertDefaults, submitAdvertForm } from "#app/modules/adverts/form.server.ts";
import { findOwnedAdvert } from "#app/modules/adverts/owner.server.ts";
import { advertsT } from "#app/modules/adverts/page.server.ts";
import { photoPreviews } from "#app/modules/adverts/photos.server.ts";
import { effectiveStatus } from "#app/modules/adverts/status.ts";
import { notFound } from "#app/platform/http/errors.ts";
import { getCachedSettings } from "#app/platform/settings/settings.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";

// /cabinet/edit/{id}: the owner's advert in the posting form. Any other id, another user's
// included, is the 404, for GET and POST alike (the POST changes nothing).

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

function advertId(param: string | undefined): number {
  return param && /^\d{1,10}$/.test(param) ? Number(param) : NaN;
}

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const user = requireUser({ context, url });
  const advert = await findOwnedAdvert(advertId(params.id), user.id);
  if (!advert) notFound();
  const t = advertsT(context);
  const settings = await getCachedSettings();
  const [options, photos, defaults] = await Promise.all([
    advertFormOptions(getPageLanguage(context), settings),
    photoPreviews(advert.photoIds),
    editAdvertDefaults(advert),
  ]);
  return {
    advert: {
      id: advert.id,
      slug: advert.slug,
      title: advert.values.title,
      status: effectiveStatus(advert.status, advert.expiresAt),
      rejectionReason: advert.rejectionReason,
    },
    options,
    defaults,
    // The fields' constraint attributes: the browser loads the schema itself only when the form is used.
    constraint: getZodConstraint(advertFormSchema),
    photos,
    moderation: settings.advert_moderation,
    // Decided here: the lifecycle table stays out of the page's JavaScript.
    review: sendsForReview(effectiveStatus(advert.status, advert.expiresAt), settings.advert_moderation),
    seo: { title: t("form.title_edit"), description: t("form.seo_description") },
  };
}

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const user = requireUser({ context, url });
  const advert = await findOwnedAdvert(advertId(params.id), user.id);
  if (!advert) notFound();
  return submitAdvertForm({ request, url, user, advert });
}

export default function EditAdvert({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdvertsT();
  const { advert, photos, moderation } = loaderData;

  return (
    <section className="advert-form-page" aria-labelledby="advert-form-title">
      <h1 id="advert-form-title">{t("form.title_edit")}</h1>
      <p>
        <LocalizedLink to={`/advertisement/${advert.slug}`}>{advert.title}</LocalizedLink> · {t("form.status_now")}{" "}
        <StatusBadge status={advert.status} />
      </p>
      {moderation && (advert.status === "published" || advert.status === "rejected") ? (
        <p className="notice">{t("form.edit_moderation_note")}</p>
      ) : null}
      {advert.status === "rejected" && advert.rejectionReason ? (
        <p className="notice notice--warn">{t("cabinet.rejection_reason", { reason: advert.rejectionReason })}</p>
      ) : null}
      <AdvertForm mode="edit" setup={loaderData} photos={actionData?.photos ?? photos} lastResult={actionData?.result} />
    </section>
  );
}
