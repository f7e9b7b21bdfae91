import { CategoryNav } from "#app/components/content/category-nav.tsx";
import { ListPage } from "#app/components/content/list-page.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import type { AdvertListQuery } from "#app/modules/adverts/list-query.ts";
import type { AdvertCard as AdvertCardData } from "#app/modules/adverts/queries.server.ts";
import type { FilterFieldView } from "#app/modules/adverts/field-filters.server.ts";
import type { CategoryLink, LocationOption } from "#app/modules/taxonomy/public-terms.server.ts";
import type { Pagination } from "#app/platform/lists/pagination.ts";
import { AdvertCard } from "./advert-card.tsx";
import { AdvertFilters } from "./advert-filters.tsx";
import { SaveSearchForm } from "./save-search-form.tsx";
import type { SaveSearchResult } from "#app/modules/saved-searches/save-action.server.ts";
import { useAdvertsT } from "./use-adverts-t.ts";
import { usePlaceLabel } from "./place-label.ts";

export type AdvertListData = {
  items: AdvertCardData[];
  /** The adverts of this page the viewer saved. */
  savedIds: number[];
  pagination: Pagination;
  query: AdvertListQuery;
  filtered: boolean;
  /** The category's fields the filters offer (none on the whole list). */
  fields: FilterFieldView[];
  /** Those fields state the price (a salary, a rent): the filters offer no second price range. */
  priceInFields: boolean;
  category: CategoryLink | null;
  categories: CategoryLink[];
  locations: LocationOption[];
  feed: { href: string; title: string };
  /** The address carries filters or a sort: the filter panel is shown open. */
  filtersOpen: boolean;
};

/** The page of `/advertisement` and its category pages (their routes load it when idle: deferredPage). */
export default function AdvertListPage({ loaderData, actionData }: { loaderData: AdvertListData; actionData?: SaveSearchResult | null }) {
  return <AdvertListView data={loaderData} saveResult={actionData} />;
}

function AdvertListView({ data, saveResult }: { data: AdvertListData; saveResult?: SaveSearchResult | null }) {
  const { t } = useAdvertsT();
  const placeLabel = usePlaceLabel();
  const { query } = data;
  const location = query.near ? data.locations.find((option) => option.slug === query.near) : undefined;
  const place = location ? placeLabel(location.name.text, query.radius) : null;
  const price =
    query.minPrice !== null || query.maxPrice !== null
      ? `${query.minPrice ?? ""}–${query.maxPrice ?? ""}${query.currency ? ` ${query.currency}` : ""}`
      : (query.currency ?? null);
  const kind = query.kind ? t(`kind.${query.kind}`) : null;
  const defaultName = [data.category ? data.category.name.text : t("list.title"), kind, place, price].filter(Boolean).join(" · ");
  return (
    <ListPage
      title={data.category ? data.category.name : t("list.title")}
      lead={data.category ? undefined : t("list.description")}
      items={data.items.map((item, index) => ({
        key: item.id,
        node: <AdvertCard item={item} priority={index === 0} saved={data.savedIds.includes(item.id)} />,
      }))}
      emptyText={data.filtered ? t("list.empty_filtered") : t("list.empty")}
      pagination={data.pagination}
      feed={data.feed}
    >
      <CategoryNav base="/advertisement" categories={data.categories} />
      <AdvertFilters
        query={data.query}
        fields={data.fields}
        priceInFields={data.priceInFields}
        category={data.category}
        categories={data.categories}
        locations={data.locations}
        open={data.filtersOpen}
      />
      <SaveSearchForm defaultName={defaultName} result={saveResult} />
      <div className="list-tools">
        <p className="advert-list__count" role="status">
          {t("list.count", { count: data.pagination.total })}
        </p>
        <LocalizedLink to="/dodaty-ogoloshennya" className="button">
          {t("list.add")}
        </LocalizedLink>
      </div>
    </ListPage>
  );
}
