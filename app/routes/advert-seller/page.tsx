import type { Route } from "./+types/route";
import { AdvertCard } from "#app/components/adverts/advert-card.tsx";
import { useAdvertsT } from "#app/components/adverts/use-adverts-t.ts";
import { PaginationNav } from "#app/components/content/pagination-nav.tsx";
import { Breadcrumbs } from "#app/components/content/breadcrumbs.tsx";

export default function AdvertSeller({ loaderData }: Pick<Route.ComponentProps, "loaderData" | "actionData">) {
  const { t } = useAdvertsT();
  const { seller, items, pagination } = loaderData;
  return (
    <section aria-labelledby="seller-title" className="seller-page">
      <Breadcrumbs trail={[{ to: "/advertisement", label: t("item.breadcrumb") }]} />
      <h1 id="seller-title" lang={seller.nameLang}>
        {seller.name}
      </h1>
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
