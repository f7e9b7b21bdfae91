import { useLocation } from "react-router";
import { AppLink } from "#app/components/localized-link.tsx";
import type { PosterCard as PosterCardData, PosterWhen } from "#app/modules/posters/posters.server.ts";
import { nearParams, type NearChoice } from "#app/modules/content/near-list.ts";
import type { CategoryLink, LocationOption } from "#app/modules/taxonomy/public-terms.server.ts";
import type { Pagination } from "#app/platform/lists/pagination.ts";
import type { FeedLink } from "#app/platform/seo/list-meta.ts";
import { CalendarSubscribe } from "./calendar-subscribe.tsx";
import { CategoryNav } from "./category-nav.tsx";
import { ListPage, type ListReklama } from "./list-page.tsx";
import { LocationFilter } from "./location-filter.tsx";
import { PosterCard } from "./poster-card.tsx";
import { useContentT } from "./use-content-t.ts";
import { MapViewToggle, PlacesMap } from "#app/components/maps/places-map.tsx";
import type { ListMapData } from "#app/modules/places/list-map.server.ts";

export type PosterListData = {
  items: PosterCardData[];
  pagination: Pagination;
  when: PosterWhen;
  category: CategoryLink | null;
  categories: CategoryLink[];
  locations: LocationOption[];
  /** The place filter: place, radius, order. */
  near: NearChoice;
  reklama: ListReklama;
  feed: FeedLink;
  /** The calendar of this list's category and place, to subscribe to. */
  calendar: { url: string; webcal: string };
  /** `?view=map`: the places above the list. */
  map: ListMapData | null;
};

/** A tab's address keeps the place filter and the map view; the map's box belongs to one tab's places. */
function whenHref(pathname: string, when: PosterWhen, near: NearChoice, map: boolean): string {
  const params = new URLSearchParams(when === "past" ? [["when", "past"], ...nearParams(near)] : nearParams(near));
  if (map) params.set("view", "map");
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The page of `/poster` and `/poster/category/{slug}` (poster-list-page.tsx loads it). */
export default function PosterListPage({ loaderData }: { loaderData: PosterListData }) {
  return <PosterListView data={loaderData} />;
}

function PosterListView({ data }: { data: PosterListData }) {
  const { t } = useContentT();
  const { pathname } = useLocation();
  return (
    <ListPage
      title={data.category ? data.category.name : t("posters.title")}
      items={data.items.map((item, index) => ({
        key: item.id,
        node: <PosterCard item={item} priority={index === 0 && data.pagination.page === 1} />,
      }))}
      emptyText={data.when === "past" ? t("posters.empty_past") : t("posters.empty_upcoming")}
      pagination={data.pagination}
      feed={data.feed}
      reklama={data.reklama}
    >
      <CategoryNav base="/poster" categories={data.categories} />
      <div className="list-tools">
        <nav className="tabs" aria-label={t("posters.when_label")}>
          <ul>
            {(["upcoming", "past"] as const).map((when) => (
              <li key={when}>
                <AppLink to={whenHref(pathname, when, data.near, data.map !== null)} aria-current={data.when === when ? "page" : undefined}>
                  {when === "past" ? t("posters.past") : t("posters.upcoming")}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <LocationFilter
          locations={data.locations}
          current={data.near}
          keep={{ ...(data.when === "past" ? { when: "past" } : {}), ...(data.map ? { view: "map" } : {}) }}
        />
      </div>
      <CalendarSubscribe links={data.calendar} />
      <MapViewToggle shown={data.map !== null} />
      {data.map ? <PlacesMap data={data.map} /> : null}
    </ListPage>
  );
}
