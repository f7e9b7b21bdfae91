import type { RouterContextProvider } from "react-router";
import { localizePath } from "#app/i18n/locales.ts";
import type { VersionedTable } from "#app/platform/page-cache/content-state.server.ts";
import { pageContext, pageReklama, publicItemPage, siteName, titleWithSite } from "#app/modules/content/public-page.server.ts";
import { parsePage } from "#app/platform/lists/pagination.ts";
import { listCategories, requireCategory } from "#app/modules/taxonomy/public-terms.server.ts";
import { categoryDescription, DEFAULT_SHARE_IMAGE } from "#app/platform/seo/meta.ts";
import { authorOf } from "#app/platform/seo/structured-data.ts";
import { findNews, listNews, relatedNews } from "./news.server.ts";

/** Tables news pages are built from (the page cache's dependencies). */
export const NEWS_PAGE_DEPS: VersionedTable[] = ["news", "news_tags", "categories", "tags", "images", "reklama"];
/** An article also shows its author's name. */
export const NEWS_ITEM_DEPS: VersionedTable[] = [...NEWS_PAGE_DEPS, "users"];

type Args = { context: Readonly<RouterContextProvider>; url: URL };

/** `/novyny` and `/novyny/category/{slug}`. */
export async function loadNewsList({ context, url }: Args, categorySlug?: string) {
  const { language, locale, t } = pageContext(context, url);
  const page = parsePage(url);
  const category = categorySlug ? await requireCategory("news", categorySlug, language) : null;
  const [list, categories, reklama] = await Promise.all([
    listNews({ language, page, categoryId: category?.id }),
    listCategories("news", language),
    pageReklama(context, language, ["list_inline", "footer"]),
  ]);
  const heading = category ? category.name.text : t("news.title");
  const pageSuffix = page > 1 ? ` — ${t("pagination.page_n", { page })}` : "";
  const feedPath = category ? `/novyny/category/${category.slug}/rss.xml` : "/novyny/rss.xml";
  return {
    ...list,
    category,
    categories,
    reklama,
    feed: { href: localizePath(feedPath, locale), title: t("feed.news_title", { name: heading }) },
    seo: {
      title: await titleWithSite(`${heading}${pageSuffix}`, language),
      description: category ? categoryDescription(t("news.category_description", { name: heading })) : t("news.description"),
    },
  };
}

/** `/novyny/{slug}`. */
export async function loadNewsArticle(args: Args, slug: string) {
  const itemPage = await publicItemPage(args, {
    table: "news",
    path: "/novyny",
    find: (language) => findNews(slug, language),
    also: (found, language) => Promise.all([relatedNews(found, language), siteName(language)]),
  });
  const { item: article, reklama, pageUrl, absolute, seo } = itemPage;
  const [related, site] = itemPage.also;
  return {
    article,
    related,
    reklama,
    pageUrl,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: article.title.text,
      inLanguage: article.title.lang,
      datePublished: article.publishedAt,
      dateModified: article.updatedAt,
      description: article.seo.description,
      mainEntityOfPage: pageUrl,
      // Google wants an image on every article: the site's share picture stands in for a missing cover.
      image: [new URL(article.image?.src ?? DEFAULT_SHARE_IMAGE, pageUrl).href],
      author: authorOf(article.authorName, site, absolute("/")),
      ...(article.category ? { articleSection: article.category.name.text } : {}),
      ...(article.tags.length ? { keywords: article.tags.map((tag) => tag.name.text).join(", ") } : {}),
      publisher: { "@type": "Organization", name: site, url: absolute("/") },
    },
    seo: { ...seo, image: article.image?.src ?? null, type: "article" as const },
  };
}
