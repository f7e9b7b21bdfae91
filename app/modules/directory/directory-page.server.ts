import type { RouterContextProvider } from "react-router";
import type { VersionedTable } from "#app/platform/page-cache/content-state.server.ts";
import { directoryJsonLd } from "./directory-json-ld.ts";
import { notFound } from "#app/platform/http/errors.ts";
import { pageContext, pageReklama, publicItemPage, titleWithSite } from "#app/modules/content/public-page.server.ts";
import { parsePage } from "#app/platform/lists/pagination.ts";
import { listCategories, listLocations, requireCategory } from "#app/modules/taxonomy/public-terms.server.ts";
import { nearListQuery, nearTitle } from "#app/modules/content/near-list.server.ts";
import { categoryDescription } from "#app/platform/seo/meta.ts";
import { CATEGORY_TYPES, publicPathOf } from "#app/modules/staff-content/registry.ts";
import { isDirectoryType, publicSpec, typesWithSpec } from "#app/modules/staff-content/public-specs.ts";
import { contentSpec } from "#app/modules/staff-content/types.ts";
import { findInDirectory, hasCategories, listDirectory, type DirectoryTable } from "./directory.server.ts";
import { listBbox, loadListMap } from "#app/modules/places/list-map.server.ts";

// The pages of every directory (the registry's types with `directory`, services and diaspora
// organisations): the list at its segment (`/services`, with `/services/category/{slug}` where
// it has categories), with the place filter (`?near=&radius=`, `?location=` for the place
// itself, `?sort=nearest`: content/near-list.server.ts), and its item pages. Their texts are the type's own
// keys of `content` (`{type}.title`, `.description`, and `.category_description` where it
// has categories).

/** The tables a directory's pages read. */
function pageDeps(table: DirectoryTable): VersionedTable[] {
  return [table, ...(hasCategories(table) ? (["categories"] as const) : []), "locations", "images", "reklama"];
}

export const DIRECTORY_PAGE_DEPS = Object.fromEntries(
  typesWithSpec("directory")
    .filter(isDirectoryType)
    .map((table) => [table, pageDeps(table)]),
) as Record<DirectoryTable, VersionedTable[]>;

type Args = { context: Readonly<RouterContextProvider>; url: URL };

export async function loadDirectoryList(table: DirectoryTable, { context, url }: Args, categorySlug?: string) {
  const { language, locale, t } = pageContext(context, url);
  if (categorySlug !== undefined && !hasCategories(table)) notFound();
  const categoryKind = hasCategories(table) ? CATEGORY_TYPES[table] : null;
  const [category, locations] = await Promise.all([
    categorySlug && categoryKind ? requireCategory(categoryKind, categorySlug, language) : null,
    listLocations(language),
  ]);
  const near = nearListQuery(url, locations);
  const page = parsePage(url);
  const bbox = listBbox(url);
  const [list, categories, reklama, map] = await Promise.all([
    listDirectory(table, { language, page, categoryId: category?.id, near: near.filter, nearest: near.nearest, bbox }),
    categoryKind ? listCategories(categoryKind, language) : [],
    pageReklama(context, language, ["list_inline", "footer"]),
    loadListMap(table, url, { language, locale, locations, category, bbox }),
  ]);
  const heading = category ? category.name.text : t(`${table}.title`);
  const parts = [heading, nearTitle(near.filter, t), page > 1 ? t("pagination.page_n", { page }) : null];
  return {
    type: table,
    section: publicPathOf(table),
    ...list,
    category,
    categories,
    locations,
    near: near.choice,
    reklama,
    map,
    seo: {
      title: await titleWithSite(parts.filter(Boolean).join(" — "), language),
      description:
        category && hasCategories(table)
          ? categoryDescription(t(`${table}.category_description`, { name: heading }))
          : t(`${table}.description`),
    },
  };
}

export async function loadDirectoryItem(table: DirectoryTable, args: Args, slug: string) {
  const section = publicPathOf(table);
  const { item, reklama, pageUrl, seo } = await publicItemPage(args, {
    table,
    path: section,
    find: (language) => findInDirectory(table, slug, language),
  });
  const schemaType = publicSpec(table).directory?.schemaType ?? "Organization";
  const reportTarget = contentSpec(table).reportTarget ?? null;
  return {
    type: table,
    section,
    reportTarget,
    item,
    /** Where to draw it on a map: its own point, else its city's (null without either). */
    point: item.point,
    reklama,
    pageUrl,
    jsonLd: directoryJsonLd(schemaType, item, pageUrl),
    seo: { ...seo, image: item.logo?.src ?? null },
  };
}
