import type { NewsCard as NewsCardData } from "#app/modules/news/news.server.ts";
import type { CategoryLink } from "#app/modules/taxonomy/public-terms.server.ts";
import type { Pagination } from "#app/platform/lists/pagination.ts";
import type { FeedLink } from "#app/platform/seo/list-meta.ts";
import { CategoryNav } from "./category-nav.tsx";
import { ListPage, type ListReklama } from "./list-page.tsx";
import { NewsCard } from "./news-card.tsx";
import { useContentT } from "./use-content-t.ts";

export type NewsListData = {
  items: NewsCardData[];
  pagination: Pagination;
  category: CategoryLink | null;
  categories: CategoryLink[];
  reklama: ListReklama;
  feed: FeedLink;
};

/** The page of `/novyny` and `/novyny/category/{slug}`. */
export default function NewsListPage({ loaderData }: { loaderData: NewsListData }) {
  return <NewsListView data={loaderData} />;
}

function NewsListView({ data }: { data: NewsListData }) {
  const { t } = useContentT();
  return (
    <ListPage
      title={data.category ? data.category.name : t("news.title")}
      items={data.items.map((item, index) => ({
        key: item.id,
        node: <NewsCard item={item} priority={index === 0 && data.pagination.page === 1} />,
      }))}
      emptyText={t("news.empty")}
      pagination={data.pagination}
      feed={data.feed}
      reklama={data.reklama}
    >
      <CategoryNav base="/novyny" categories={data.categories} />
    </ListPage>
  );
}
