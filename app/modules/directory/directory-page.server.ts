import type { RouterContextProvider } from "react-router";
import type { VersionedTable } from "#app/modules/page-cache/content-state.server.ts";
import { directoryJsonLd } from "#app/modules/seo/directory-json-ld.ts";
import { notFound } from "#app/modules/http/errors.ts";
import { pageContext, pageReklama, publicItemPage, titleWithSite } from "#app/modules/content/public-page.server.ts";
import { parsePage } from "#app/modules/lists/pagination.ts";
import { listCategories, listLocations, parseLocationFilter, requireCategory } from "#app/modules/taxonomy/public-terms.server.ts";
import { categoryDescription } from "#app/modules/seo/meta.ts";
import { findInDirectory, hasCategories, listDirectory, type DirectoryTable } from "./directory.server.ts";

// The pages of both directories: `/services` (with `/services/category/{slug}`) and
// `/diaspors`, each with `?location=`, and their item pages.

export const DIRECTORY_PAGE_DEPS: Record<DirectoryTable, VersionedTable[]> = {
  services: ["services", "categories", "locations", "images", "reklama"],
  diaspors: ["diaspors", "locations", "images", "reklama"],
};

/** What differs between the two directories' pages. */
const PAGE_TEXT = {
  services: { title: "services.title", description: "services.description", categoryDescription: "services.category_description", jsonLd: "LocalBusiness" },
  diaspors: { title: "diaspors.title", description: "diaspors.description", categoryDescription: null, jsonLd: "Organization" },
} as const;

type Args = { context: Readonly<RouterContextProvider>; url: URL };

export async function loadDirectoryList(table: DirectoryTable, { context, url }: Args, categorySlug?: string) {
  const text = PAGE_TEXT[table];
  const { language, t } = pageContext(context, url);
  const page = parsePage(url);
  if (categorySlug !== undefined && !hasCategories(table)) notFound();
  const [category, locations] = await Promise.all([
    categorySlug ? requireCategory("service", categorySlug, language) : null,
    listLocations(language),
  ]);
  const location = parseLocationFilter(url, locations);
  const [list, categories, reklama] = await Promise.all([
    listDirectory(table, { language, page, categoryId: category?.id, locationId: location?.id }),
    hasCategories(table) ? listCategories("service", language) : [],
    pageReklama(context, language, ["list_inline", "footer"]),
  ]);
  const heading = category ? category.name.text : t(text.title);
  const parts = [heading, location?.name.text, page > 1 ? t("pagination.page_n", { page }) : null];
  return {
    ...list,
    category,
    categories,
    locations,
    location: location?.slug ?? null,
    reklama,
    seo: {
      title: await titleWithSite(parts.filter(Boolean).join(" — "), language),
      description: category && text.categoryDescription ? categoryDescription(t(text.categoryDescription, { name: heading })) : t(text.description),
    },
  };
}

export async function loadDirectoryItem(table: DirectoryTable, args: Args, slug: string) {
  const { item, reklama, pageUrl, seo } = await publicItemPage(args, { table, path: `/${table}`, find: (language) => findInDirectory(table, slug, language) });
  return { item, reklama, pageUrl, jsonLd: directoryJsonLd(PAGE_TEXT[table].jsonLd, item, pageUrl), seo: { ...seo, image: item.logo?.src ?? null } };
}
