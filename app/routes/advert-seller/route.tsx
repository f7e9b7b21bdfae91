import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { getCurrentUser, requireUser } from "#app/modules/auth/guards.server.ts";
import { advertsT, priceLabels } from "#app/modules/adverts/page.server.ts";
import { sellerPage } from "#app/modules/adverts/seller.server.ts";
import { ADVERT_PAGE_SIZE } from "#app/modules/adverts/queries.server.ts";
import { reportRating } from "#app/modules/ratings/ratings.server.ts";
import { reportRatingSchema } from "#app/modules/ratings/schema.ts";
import { consumeReportLimit } from "#app/modules/reports/reports.server.ts";
import { getClientAddress } from "#app/platform/http/client-address.server.ts";
import { readForm } from "#app/platform/http/body.server.ts";
import { notFound } from "#app/platform/http/errors.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { checkPage, parsePage } from "#app/platform/lists/pagination.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";

// /advertisement/seller/:id: a seller as a buyer may see them (ratings and figures:
// components/adverts/seller-trust.tsx), and their live adverts. People's pages are not for
// search engines. A signed-in visitor may report a review here (the reports queue).

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const page = parsePage(url);
  const found = await sellerPage(params.id, page, getPageLanguage(context), priceLabels(context));
  if (!found) notFound();
  const t = advertsT(context);
  return {
    ...found,
    signedIn: getCurrentUser(context) !== null,
    pagination: checkPage(page, found.seller.liveCount, ADVERT_PAGE_SIZE),
    seo: { title: t("seller.title", { name: found.seller.name }), description: t("seller.description", { name: found.seller.name }) },
  };
}

/** Reporting a review: a reason is required (400 beside the field, the choice kept); the toast says it was sent. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireUser({ context, url });
  const submission = parseWithZod(await readForm(request), { schema: reportRatingSchema });
  if (submission.status !== "success") {
    return data(
      { rating: String(submission.payload.rating ?? ""), errors: submission.error?.reason ?? ["cabinet:ratings.errors.reason_required"] },
      400,
    );
  }
  const limit = await consumeReportLimit(getClientAddress(context));
  if (limit.limited) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    return data(
      { rating: String(submission.value.rating), errors: [`reports:errors.too_many|${JSON.stringify({ minutes })}`] },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const outcome = await reportRating(submission.value.rating, user.id, submission.value.reason);
  if (outcome === "not_found") notFound();
  return redirectWithFlash(url.pathname + url.search, {
    severity: "success",
    message: outcome === "duplicate" ? "adverts:trust.flash_report_duplicate" : "adverts:trust.flash_reported",
  });
}

// Links, a page list and report forms that post: plain HTML until the browser is idle or the visitor first acts (deferredPage).
export { headers } from "#app/platform/http/route-headers.ts";

export default deferredPage(() => import("./page.tsx"));
