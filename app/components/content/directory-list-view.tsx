import type { DirectoryCard as DirectoryCardData } from "#app/modules/directory/cards.ts";
import type { CategoryLink, LocationOption } from "#app/modules/taxonomy/public-terms.server.ts";
import type { Pagination } from "#app/modules/lists/pagination.ts";
import { CategoryNav } from "./category-nav.tsx";
import { DirectoryCard } from "./directory-card.tsx";
import { ListPage, type ListReklama } from "./list-page.tsx";
import { LocationFilter } from "./location-filter.tsx";
import { useContentT } from "./use-content-t.ts";

export type DirectoryListData = {
  items: DirectoryCardData[];
  pagination: Pagination;
  category: CategoryLink | null;
  categories: CategoryLink[];
  locations: LocationOption[];
  location: string | null;
  reklama: ListReklama;
};

/** `/services` (with categories) and `/diaspors`. */
/** The pages of `/services` (and `/services/category/{slug}`) and of `/diaspors`. */
export const ServiceListPage = ({ loaderData }: { loaderData: DirectoryListData }) => <DirectoryListView data={loaderData} section="/services" />;
export const DiasporaListPage = ({ loaderData }: { loaderData: DirectoryListData }) => <DirectoryListView data={loaderData} section="/diaspors" />;

function DirectoryListView({ data, section }: { data: DirectoryListData; section: "/services" | "/diaspors" }) {
  const { t } = useContentT();
  const key = section === "/services" ? "services" : "diaspors";
  return (
    <ListPage
      title={data.category ? data.category.name : t(`${key}.title`)}
      lead={data.category ? undefined : t(`${key}.lead`)}
      items={data.items.map((item) => ({ key: item.id, node: <DirectoryCard item={item} section={section} /> }))}
      emptyText={t(`${key}.empty`)}
      pagination={data.pagination}
      reklama={data.reklama}
    >
      <CategoryNav base={section} categories={data.categories} />
      <div className="list-tools">
        <LocationFilter locations={data.locations} current={data.location} />
      </div>
    </ListPage>
  );
}
