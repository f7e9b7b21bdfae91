import type { Route } from "./+types/route";
import { CategoryLink } from "~/components/content/content-card";
import { ItemBreadcrumbs, ItemCover, ItemFooter, ItemLayout } from "~/components/content/item-layout";
import { Localized, LocalizedHtml } from "~/components/content/localized-text";
import { NewsCard } from "~/components/content/news-card";
import { TagList } from "~/components/content/tag-list";
import { useContentT } from "~/components/content/use-content-t";
import { publicPageCache } from "~/modules/listing/page-cache.server";
import { loadNewsArticle, NEWS_PAGE_DEPS } from "~/modules/news/news-page.server";
import { pageMeta } from "~/modules/seo/meta";
import "~/components/content/content.css";

export const middleware: Route.MiddlewareFunction[] = [publicPageCache({ deps: NEWS_PAGE_DEPS })];

export const meta: Route.MetaFunction = pageMeta;

export const loader = (args: Route.LoaderArgs) => loadNewsArticle(args, args.params.slug);

export default function NewsItem({ loaderData }: Route.ComponentProps) {
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
