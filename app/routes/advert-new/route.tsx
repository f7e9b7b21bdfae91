import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { advertFormSchema } from "#app/modules/adverts/form-schema.ts";
import { getZodConstraint } from "@conform-to/zod/v4";
import { sendsForReview } from "#app/modules/adverts/lifecycle.ts";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { routeMiddleware } from "#app/middleware/route-middleware.server.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import { advertFormOptions, newAdvertDefaults, submitAdvertForm } from "#app/modules/adverts/form.server.ts";
import { dailyLimitReached } from "#app/modules/adverts/owner.server.ts";
import { advertsT } from "#app/modules/adverts/page.server.ts";
import { getCachedSettings } from "#app/platform/settings/settings.server.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";

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

export { headers } from "#app/platform/http/route-headers.ts";

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireUser({ context, url });
  return submitAdvertForm({ request, url, user, advert: null });
}

// The form posts and checks on the server without JS: its code comes when the browser is idle or the
// visitor first acts (deferredPage), and what was typed, chosen or focused before then is taken up.
export default deferredPage(() => import("./page.tsx"));
