import type { Route } from "./+types/route";
import { AdvertCard } from "#app/components/adverts/advert-card.tsx";
import { useAdvertsT } from "#app/components/adverts/use-adverts-t.ts";
import { PaginationNav } from "#app/components/content/pagination-nav.tsx";
import { Breadcrumbs } from "#app/components/content/breadcrumbs.tsx";
import { getPageLanguage } from "#app/middleware/i18next.ts";
import { advertsT, priceLabels } from "#app/modules/adverts/page.server.ts";
import { sellerPage } from "#app/modules/adverts/seller.server.ts";
import { ADVERT_PAGE_SIZE } from "#app/modules/adverts/queries.server.ts";
import { notFound } from "#app/modules/http/errors.ts";
import { checkPage, parsePage } from "#app/modules/lists/pagination.ts";
import { pageMeta } from "#app/modules/seo/meta.ts";

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

export default function AdvertSeller({ loaderData }: Route.ComponentProps) {
  const { t } = useAdvertsT();
  const { seller, items, pagination } = loaderData;
  return (
    <section aria-labelledby="seller-title" className="seller-page">
      <Breadcrumbs trail={[{ to: "/advertisement", label: t("item.breadcrumb") }]} />
      <h1 id="seller-title">{seller.name}</h1>
      <dl className="facts seller-page__facts">
        <dt>{t("seller.member_since")}</dt>
        <dd>
          <time dateTime={seller.memberSince.iso}>{seller.memberSince.text}</time>
        </dd>
        <dt>{t("seller.email")}</dt>
        <dd>{seller.emailVerified ? t("seller.email_verified") : t("seller.email_unverified")}</dd>
        <dt>{t("seller.live")}</dt>
        <dd>{seller.liveCount}</dd>
      </dl>
      <h2>{t("seller.adverts")}</h2>
      {items.length ? (
        <>
          <ul className="content-grid">
            {items.map((item) => (
              <li key={item.id}>
                <AdvertCard item={item} headingLevel={3} />
              </li>
            ))}
          </ul>
          <PaginationNav pagination={pagination} />
        </>
      ) : (
        <p>{t("seller.none")}</p>
      )}
    </section>
  );
}
