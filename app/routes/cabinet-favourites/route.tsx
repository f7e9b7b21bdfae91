import type { Route } from "./+types/route";
import { EmptyList } from "#app/components/account/empty-list.tsx";
import { AdvertCard } from "#app/components/adverts/advert-card.tsx";
import { StatusBadge } from "#app/components/adverts/status-badge.tsx";
import { useAdvertsT } from "#app/components/adverts/use-adverts-t.ts";
import { PaginationNav } from "#app/components/content/pagination-nav.tsx";
import { getPageLanguage } from "#app/i18n/request.server.ts";
import { advertsT, priceLabels } from "#app/modules/adverts/page.server.ts";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import { FAVOURITES_PAGE_SIZE, listFavourites } from "#app/modules/favourites/favourites.server.ts";
import { checkPage, parsePage } from "#app/platform/lists/pagination.ts";
import { pageMeta } from "#app/platform/seo/meta.ts";

// /cabinet/favourites: saved adverts; sold and expired ones stay, marked, until removed.

export const meta: Route.MetaFunction = (args) => [...pageMeta(args), { name: "robots", content: "noindex" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireUser({ context, url });
  const t = advertsT(context);
  const page = parsePage(url);
  const { items, total } = await listFavourites(user.id, page, getPageLanguage(context), priceLabels(context));
  return {
    items,
    pagination: checkPage(page, total, FAVOURITES_PAGE_SIZE),
    seo: { title: t("favourites.title"), description: t("favourites.seo_description") },
  };
}

export default function CabinetFavourites({ loaderData }: Route.ComponentProps) {
  const { t } = useAdvertsT();
  const { items, pagination } = loaderData;
  return (
    <section aria-labelledby="favourites-title">
      <h1 id="favourites-title">{t("favourites.title")}</h1>
      {items.length ? (
        <>
          <p className="field__hint">{t("favourites.total", { count: pagination.total })}</p>
          <ul className="content-grid favourites-list">
            {items.map((item) => (
              <li key={item.id} className="favourites-list__item">
                <AdvertCard item={item} saved headingLevel={2} />
                {item.status === "published" ? null : (
                  <p className="favourites-list__status">
                    <StatusBadge status={item.status} />
                  </p>
                )}
              </li>
            ))}
          </ul>
          <PaginationNav pagination={pagination} />
        </>
      ) : (
        <EmptyList message={t("favourites.empty")} browseLabel={t("favourites.browse")} />
      )}
    </section>
  );
}
