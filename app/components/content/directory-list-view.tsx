import type { DirectoryCard as DirectoryCardData } from "#app/modules/directory/cards.ts";
import type { DirectoryType } from "#app/modules/staff-content/public-specs.ts";
import type { NearChoice } from "#app/modules/content/near-list.ts";
import type { CategoryLink, LocationOption } from "#app/modules/taxonomy/public-terms.server.ts";
import type { Pagination } from "#app/platform/lists/pagination.ts";
import { CategoryNav } from "./category-nav.tsx";
import { DirectoryCard } from "./directory-card.tsx";
import { ListPage, type ListReklama } from "./list-page.tsx";
import { LocationFilter } from "./location-filter.tsx";
import { useContentT } from "./use-content-t.ts";
import { MapViewToggle, PlacesMap } from "#app/components/maps/places-map.tsx";
import type { ListMapData } from "#app/modules/places/list-map.server.ts";
import { OfflinePlace } from "#app/components/offline/offline-place.tsx";

type DirectoryListData = {
  /** Which directory, and its list's path (`/services`). */
  type: DirectoryType;
  section: string;
  items: DirectoryCardData[];
  pagination: Pagination;
  category: CategoryLink | null;
  categories: CategoryLink[];
  locations: LocationOption[];
  /** The place filter: place, radius, order. */
  near: NearChoice;
  reklama: ListReklama;
  /** `?view=map`: the places above the list. */
  map: ListMapData | null;
};

/** A directory's list page (`/services`, `/services/category/{slug}`, the diaspora organisations'); the texts are the type's own. */
const DirectoryListPage = ({ loaderData }: { loaderData: DirectoryListData }) => <DirectoryListView data={loaderData} />;

function DirectoryListView({ data }: { data: DirectoryListData }) {
  const { t } = useContentT();
  const { type: key, section } = data;
  const place = data.locations.find((location) => location.slug === data.near.near);
  return (
    <ListPage
      title={data.category ? data.category.name : t(`${key}.title`)}
      lead={data.category ? undefined : t(`${key}.lead`)}
      items={data.items.map((item) => ({ key: item.id, node: <DirectoryCard item={item} type={key} /> }))}
      emptyText={t(`${key}.empty`)}
      pagination={data.pagination}
      reklama={data.reklama}
    >
      <CategoryNav base={section} categories={data.categories} />
      <div className="list-tools">
        <LocationFilter locations={data.locations} current={data.near} keep={data.map ? { view: "map" } : {}} />
      </div>
      {place ? <OfflinePlace near={data.near} placeName={place.name.text} /> : null}
      <MapViewToggle shown={data.map !== null} />
      {data.map ? <PlacesMap data={data.map} /> : null}
    </ListPage>
  );
}

export default DirectoryListPage;
