import type { RouterContextProvider } from "react-router";
import { pickLocalized } from "#app/platform/format/localized.ts";
import { feedText, RSS_CONTENT_TYPE, rssXml } from "#app/modules/feeds/rss.server.ts";
import type { VersionedTable } from "#app/platform/page-cache/content-state.server.ts";
import { pageContext, siteName } from "#app/modules/content/public-page.server.ts";
import { advertsT, priceLabels } from "./page.server.ts";
import { advertsForFeed, priceView } from "./queries.server.ts";

export const ADVERT_FEED_DEPS: VersionedTable[] = ["advertisements", "categories"];

/** `/advertisement/rss.xml`: the newest live adverts, in the path's language. */
export async function advertsFeed({ context, url }: { context: Readonly<RouterContextProvider>; url: URL }): Promise<Response> {
  const { language, absolute } = pageContext(context, url);
  const t = advertsT(context);
  const labels = priceLabels(context);
  const [rows, site] = await Promise.all([advertsForFeed(), siteName(language)]);
  const xml = rssXml({
    title: t("feed.title", { name: site }),
    link: absolute("/advertisement"),
    self: absolute("/advertisement/rss.xml"),
    description: t("feed.description"),
    language,
    items: rows.map((row) => ({
      title: `${row.title} — ${priceView(row, language, labels).text}`,
      link: absolute(`/advertisement/${row.slug}`),
      description: feedText(row.description, 300),
      pubDate: new Date(row.published_at!),
      category: row.category_name_uk ? pickLocalized(row.category_name_uk, row.category_name_en, language).text : null,
    })),
  });
  return new Response(xml, { headers: { "Content-Type": RSS_CONTENT_TYPE } });
}
