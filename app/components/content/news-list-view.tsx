import type { NewsCard as NewsCardData } from "~/modules/news/news.server";
import type { CategoryLink } from "~/modules/taxonomy/public-terms.server";
import type { Pagination } from "~/modules/lists/pagination";
import type { FeedLink } from "~/modules/seo/list-meta";
import { CategoryNav } from "./category-nav";
import { ListPage, type ListReklama } from "./list-page";
import { NewsCard } from "./news-card";
import { useContentT } from "./use-content-t";

export type NewsListData = {
  items: NewsCardData[];
  pagination: Pagination;
  category: CategoryLink | null;
  categories: CategoryLink[];
  reklama: ListReklama;
  feed: FeedLink;
};

/** The page of `/novyny` and `/novyny/category/{slug}`. */
export function NewsListPage({ loaderData }: { loaderData: NewsListData }) {
  return <NewsListView data={loaderData} />;
}

function NewsListView({ data }: { data: NewsListData }) {
  const { t } = useContentT();
  return (
    <ListPage
      title={data.category ? data.category.name : t("news.title")}
      items={data.items.map((item, index) => ({ key: item.id, node: <NewsCard item={item} priority={index < 2 && data.pagination.page === 1} /> }))}
      emptyText={t("news.empty")}
      pagination={data.pagination}
      feed={data.feed}
      reklama={data.reklama}
    >
      <CategoryNav base="/novyny" categories={data.categories} />
    </ListPage>
  );
}
