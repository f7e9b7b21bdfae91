import type { Route } from "./+types/route";
import { Form } from "react-router";
import { AdvertForm } from "#app/components/adverts/advert-form.tsx";
import { useAdvertsT } from "#app/components/adverts/use-adverts-t.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { useLocale } from "#app/hooks/use-t.ts";
import { localizePath } from "#app/i18n/locales.ts";
import type { PhotoPreview } from "#app/modules/adverts/photos.server.ts";

/** A stable empty list: the photo field resets its previews when the list changes. */
const NO_PHOTOS: PhotoPreview[] = [];

export default function NewAdvert({ loaderData, actionData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useAdvertsT();
  const locale = useLocale();
  const { verified, limitReached, dailyLimit, moderation } = loaderData;
  return (
    <section className="advert-form-page" aria-labelledby="advert-form-title">
      <h1 id="advert-form-title">{t("form.title_new")}</h1>
      {!verified ? (
        // The cabinet's UnverifiedEmailNotice, written out: as a shared module it cost this public
        // page two more chunks, over its first-load budget.
        <div className="notice notice--warn" role="status">
          <h2>{t("form.not_verified_title")}</h2>
          <p>{t("form.not_verified")}</p>
          <Form method="post" action={localizePath("/cabinet", locale)}>
            <input type="hidden" name="intent" value="resend" />
            <button type="submit" className="button button--secondary">
              {t("form.resend")}
            </button>
          </Form>
        </div>
      ) : limitReached && !actionData ? (
        <div className="notice notice--warn" role="status">
          <p>{t("form.limit_reached", { max: dailyLimit })}</p>
          <p>
            <LocalizedLink to="/cabinet/advertisement">{t("nav.cabinet")}</LocalizedLink>
          </p>
        </div>
      ) : (
        <>
          {moderation ? <p className="notice">{t("form.moderation_note")}</p> : null}
          <AdvertForm mode="new" setup={loaderData} photos={actionData?.photos ?? NO_PHOTOS} lastResult={actionData?.result} />
        </>
      )}
    </section>
  );
}
