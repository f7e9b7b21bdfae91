import type { RouterContextProvider } from "react-router";
import type { VersionedTable } from "#app/platform/page-cache/content-state.server.ts";
import { ADVERT_TABLES, CONTENT_TABLES } from "#app/modules/content/versioned-tables.server.ts";
import { notFound } from "#app/platform/http/errors.ts";
import { pageContext, titleWithSite } from "#app/modules/content/public-page.server.ts";
import { parsePage } from "#app/platform/lists/pagination.ts";
import { isSearchCategory, parseQuery } from "./query.ts";
import { searchCategory } from "./search.server.ts";

export const SEARCH_PAGE_DEPS: VersionedTable[] = [...CONTENT_TABLES, ...ADVERT_TABLES];

type Args = { context: Readonly<RouterContextProvider>; url: URL };

/** `/search/{category}?q=`: any other category is the 404; a bad `page` too. */
export async function loadSearch({ context, url }: Args, category: string | undefined) {
  if (!isSearchCategory(category)) notFound();
  const { language, t } = pageContext(context, url);
  const query = parseQuery(url.searchParams.get("q"));
  const page = parsePage(url);
  const results = query.status === "ok" ? await searchCategory(category, query.words, page, language) : null;
  if (!results && page > 1) notFound();
  const heading = t(`search.categories.${category}`);
  const title =
    query.status === "ok" ? t("search.title_query", { query: query.text, category: heading }) : t("search.title", { category: heading });
  return {
    category,
    query: { status: query.status, text: query.text },
    results,
    seo: { title: await titleWithSite(title, language), description: t("search.description") },
  };
}
