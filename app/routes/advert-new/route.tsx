import { Form, useLocation } from "react-router";
import type { Route } from "./+types/route";
import { advertFormSchema } from "#app/modules/adverts/form-schema.ts";
import { getZodConstraint } from "@conform-to/zod/v4";
import { AdvertForm } from "#app/components/adverts/advert-form.tsx";
import { sendsForReview } from "#app/modules/adverts/lifecycle.ts";
import { useAdvertsT } from "#app/components/adverts/use-adverts-t.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { useLocale } from "#app/hooks/use-t.ts";
import { localizePath } from "#app/i18n/locales.ts";
import { getPageLanguage } from "#app/middleware/i18next.ts";
import { routeMiddleware } from "#app/middleware/route-middleware.server.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import { advertFormOptions, newAdvertDefaults, submitAdvertForm } from "#app/modules/adverts/form.server.ts";
import { dailyLimitReached } from "#app/modules/adverts/owner.server.ts";
import type { PhotoPreview } from "#app/modules/adverts/photos.server.ts";
import { advertsT } from "#app/modules/adverts/page.server.ts";
import { getCachedSettings } from "#app/modules/settings/settings.server.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";

// Posting an advert: /dodaty-ogoloshennya (public layout) and /cabinet/add-advertisement
// (cabinet layout) are this one route module. Signed-in users only, in loader and action alike.
export const middleware: Route.MiddlewareFunction[] = [routeMiddleware("auth")];

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser({ context, url });
  const t = advertsT(context);
  const settings = await getCachedSettings();
  const [options, limitReached] = await Promise.all([
    advertFormOptions(getPageLanguage(context), settings),
    user.emailVerified ? dailyLimitReached(user.id, settings) : Promise.resolve(false),
  ]);
  return {
    options,
    defaults: newAdvertDefaults(user),
    // The fields' constraint attributes: the browser loads the schema itself only when the form is used.
    constraint: getZodConstraint(advertFormSchema),
    verified: user.emailVerified,
    limitReached,
    dailyLimit: settings.adverts_per_user_per_day,
    moderation: settings.advert_moderation,
    // Decided here: the lifecycle table stays out of the page's JavaScript.
    review: sendsForReview(null, settings.advert_moderation),
    seo: { title: t("form.title_new"), description: t("form.seo_description") },
  };
}

export { headers } from "#app/modules/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireUser({ context, url });
  return submitAdvertForm({ request, url, user, advert: null });
}

/** A stable empty list: the photo field resets its previews when the list changes. */
const NO_PHOTOS: PhotoPreview[] = [];

export default function NewAdvert({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdvertsT();
  const locale = useLocale();
  const { pathname } = useLocation();
  const { options, defaults, verified, limitReached, dailyLimit, moderation } = loaderData;
  return (
    <section className="advert-form-page" aria-labelledby="advert-form-title">
      <h1 id="advert-form-title">{t("form.title_new")}</h1>
      {!verified ? (
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
          <AdvertForm
            mode="new"
            review={loaderData.review}
            action={pathname}
            options={options}
            defaults={defaults}
            photos={actionData?.photos ?? NO_PHOTOS}
            lastResult={actionData?.result}
        constraint={loaderData.constraint}
          />
        </>
      )}
    </section>
  );
}
