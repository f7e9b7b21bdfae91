import type { Route } from "./+types/route";
import { AdvertCard } from "~/components/adverts/advert-card";
import { StatusBadge } from "~/components/adverts/status-badge";
import { useAdvertsT } from "~/components/adverts/use-adverts-t";
import { PaginationNav } from "~/components/content/pagination-nav";
import { LocalizedLink } from "~/components/localized-link";
import { getPageLanguage } from "~/middleware/i18next";
import { advertsT, priceLabels } from "~/modules/adverts/page.server";
import { requireUser } from "~/modules/auth/guards.server";
import { FAVOURITES_PAGE_SIZE, listFavourites } from "~/modules/favourites/favourites.server";
import { checkPage, parsePage } from "~/modules/lists/pagination";
import { pageMeta } from "~/modules/seo/meta";

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
        <div className="empty-state">
          <p>{t("favourites.empty")}</p>
          <LocalizedLink to="/advertisement" className="button">
            {t("favourites.browse")}
          </LocalizedLink>
        </div>
      )}
    </section>
  );
}
