import type { RouterContextProvider } from "react-router";
import type { VersionedTable } from "#app/platform/page-cache/content-state.server.ts";
import { pageContext, siteName } from "#app/modules/content/public-page.server.ts";
import { requireCategory } from "#app/modules/taxonomy/public-terms.server.ts";
import { newsForFeed } from "#app/modules/news/news.server.ts";
import { postersForFeed } from "#app/modules/posters/posters.server.ts";
import { recentlyCheckedGuides } from "#app/modules/guides/guides.server.ts";
import { RSS_CONTENT_TYPE, rssXml } from "./rss.server.ts";

// The feeds read the card queries, which join the cover image (tests/unit/page-deps.test.ts).
export const NEWS_FEED_DEPS: VersionedTable[] = ["news", "categories", "images"];
export const GUIDE_FEED_DEPS: VersionedTable[] = ["guides", "locations"];
export const POSTER_FEED_DEPS: VersionedTable[] = ["posters", "poster_occurrences", "categories", "locations", "images"];

type Args = { context: Readonly<RouterContextProvider>; url: URL };

function rssResponse(xml: string): Response {
  return new Response(xml, { headers: { "Content-Type": RSS_CONTENT_TYPE } });
}

/** `/novyny/rss.xml` and `/novyny/category/{slug}/rss.xml`, in the path's language. */
export async function newsFeed({ context, url }: Args, categorySlug?: string) {
  const { language, t, absolute } = pageContext(context, url);
  const category = categorySlug ? await requireCategory("news", categorySlug, language) : null;
  const [items, site] = await Promise.all([newsForFeed(language, { categoryId: category?.id }), siteName(language)]);
  const heading = category ? category.name.text : t("news.title");
  const base = category ? `/novyny/category/${category.slug}` : "/novyny";
  return rssResponse(
    rssXml({
      title: `${heading} — ${site}`,
      link: absolute(base),
      self: absolute(`${base}/rss.xml`),
      description: category ? t("news.category_description", { name: heading }) : t("news.description"),
      language,
      items: items.map((item) => ({
        title: item.title.text,
        link: absolute(`/novyny/${item.slug}`),
        description: item.summary.text,
        pubDate: item.publishedAt,
        category: item.category?.name.text,
      })),
    }),
  );
}

/** `/poster/rss.xml`: upcoming events. */
export async function postersFeed({ context, url }: Args) {
  const { language, t, absolute } = pageContext(context, url);
  const [items, site] = await Promise.all([postersForFeed(language), siteName(language)]);
  return rssResponse(
    rssXml({
      title: `${t("posters.title")} — ${site}`,
      link: absolute("/poster"),
      self: absolute("/poster/rss.xml"),
      description: t("posters.description"),
      language,
      items: items.map((item) => ({
        title: item.title.text,
        link: absolute(`/poster/${item.slug}`),
        description: [item.schedule, item.venue?.text, item.location?.text].filter(Boolean).join(" · "),
        pubDate: new Date(item.publishedAt),
        category: item.category?.name.text,
      })),
    }),
  );
}

/** `/dovidnyk/rss.xml`: the guides checked last, newest first (a guide checked again comes back to the top). */
export async function guidesFeed({ context, url }: Args) {
  const { language, t, absolute } = pageContext(context, url);
  const [items, site] = await Promise.all([recentlyCheckedGuides(language, 30), siteName(language)]);
  return rssResponse(
    rssXml({
      title: `${t("guides.title")} — ${site}`,
      link: absolute("/dovidnyk"),
      self: absolute("/dovidnyk/rss.xml"),
      description: t("guides.description"),
      language,
      items: items.map((item) => ({
        title: item.title.text,
        link: absolute(`/dovidnyk/${item.slug}`),
        description: item.summary.text,
        pubDate: item.changedAt,
        category: t(`guides.topics.${item.topic}`),
      })),
    }),
  );
}
