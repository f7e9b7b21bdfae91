import { ItemBreadcrumbs, ItemCover, ItemFooter, ItemLayout } from "./item-layout.tsx";
import { CategoryLink, Localized, LocalizedHtml } from "./localized-text.tsx";
import { NewsCard } from "./news-card.tsx";
import { TagList } from "./tag-list.tsx";
import { useContentT } from "./use-content-t.ts";
import type { loadNewsArticle } from "#app/modules/news/news-page.server.ts";

/** The page of `/novyny/{slug}`: the article, related news beside it. */
export default function NewsItemPage({ loaderData }: { loaderData: Awaited<ReturnType<typeof loadNewsArticle>> }) {
  const { t } = useContentT();
  const { article, related, reklama, pageUrl, jsonLd } = loaderData;
  return (
    <ItemLayout
      sidebar={reklama.sidebar}
      aside={
        related.length ? (
          <section aria-labelledby="related-title">
            <h2 id="related-title">{t("news.related")}</h2>
            <ul className="stack-list">
              {related.map((item) => (
                <li key={item.id}>
                  <NewsCard item={item} headingLevel={3} />
                </li>
              ))}
            </ul>
          </section>
        ) : null
      }
    >
      <ItemBreadcrumbs section="/novyny" label={t("news.title")} category={article.category} />
      <Localized as="h1" id="item-title" text={article.title} />
      <p className="item__meta">
        <time dateTime={article.publishedAt}>{article.longDate}</time>
        {article.category ? (
          <>
            {" · "}
            <CategoryLink section="/novyny" category={article.category} />
          </>
        ) : null}
        {" · "}
        {t("item.views", { count: article.viewCount })}
      </p>
      <ItemCover image={article.image} />
      {article.summary.text ? <Localized as="p" className="item__lead" text={article.summary} /> : null}
      <LocalizedHtml className="prose" html={article.body} />
      <TagList tags={article.tags} searchCategory="novyny" />
      <ItemFooter pageUrl={pageUrl} title={article.title.text} report={{ targetType: "news", targetId: article.id }} jsonLd={jsonLd} />
    </ItemLayout>
  );
}
