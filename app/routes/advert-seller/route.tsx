import type { Route } from "./+types/route";
import { deferredPage } from "#app/components/deferred.tsx";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { advertsT, priceLabels } from "#app/modules/adverts/page.server.ts";
import { sellerPage } from "#app/modules/adverts/seller.server.ts";
import { ADVERT_PAGE_SIZE } from "#app/modules/adverts/queries.server.ts";
import { notFound } from "#app/platform/http/errors.ts";
import { checkPage, parsePage } from "#app/platform/lists/pagination.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";

// /advertisement/seller/:id: a seller as a buyer may see them, and their live adverts.
// People's pages are not for search engines.

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const page = parsePage(url);
  const found = await sellerPage(params.id, page, getPageLanguage(context), priceLabels(context));
  if (!found) notFound();
  const t = advertsT(context);
  return {
    ...found,
    pagination: checkPage(page, found.seller.liveCount, ADVERT_PAGE_SIZE),
    seo: { title: t("seller.title", { name: found.seller.name }), description: t("seller.description", { name: found.seller.name }) },
  };
}

// Links and a page list: plain HTML until the browser is idle or the visitor first acts (deferredPage).
export default deferredPage(() => import("./page.tsx"));
