import type { RouterContextProvider } from "react-router";
import { categoryDescription } from "../seo/meta.ts";
import type { VersionedTable } from "../listing/content-state.server.ts";
import { notFound } from "../listing/not-found.ts";
import { itemTitle, pageContext, pageReklama, titleWithSite } from "../listing/page-data.server.ts";
import { parsePage } from "../listing/pagination.ts";
import { recordView } from "../listing/request-effects.server.ts";
import { listCategories, listLocations, parseLocationFilter, requireCategory } from "../listing/taxonomy.server.ts";
import { directoryJsonLd } from "../listing/directory-json-ld.ts";
import { findService, listServices } from "./services.server.ts";

export const SERVICE_PAGE_DEPS: VersionedTable[] = ["services", "categories", "locations", "images", "reklama"];

type Args = { context: Readonly<RouterContextProvider>; url: URL };

/** `/services` and `/services/category/{slug}`, with `?location=`. */
export async function loadServiceList({ context, url }: Args, categorySlug?: string) {
  const { language, t } = pageContext(context, url);
  const page = parsePage(url);
  const [category, locations] = await Promise.all([
    categorySlug ? requireCategory("service", categorySlug, language) : null,
    listLocations(language),
  ]);
  const location = parseLocationFilter(url, locations);
  const [list, categories, reklama] = await Promise.all([
    listServices({ language, page, categoryId: category?.id, locationId: location?.id }),
    listCategories("service", language),
    pageReklama(context, language, ["list_inline", "footer"]),
  ]);
  const heading = category ? category.name.text : t("services.title");
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
      description: category ? categoryDescription(t("services.category_description", { name: heading })) : t("services.description"),
    },
  };
}

/** `/services/{slug}`. */
export async function loadServiceItem({ context, url }: Args, slug: string) {
  const { language, absolute } = pageContext(context, url);
  const item = await findService(slug, language);
  if (!item) notFound();
  recordView(context, "services", item.id);
  const reklama = await pageReklama(context, language, ["sidebar"]);
  const pageUrl = absolute(`/services/${item.slug}`);
  return {
    item,
    reklama,
    pageUrl,
    jsonLd: directoryJsonLd("LocalBusiness", item, pageUrl),
    seo: { title: await itemTitle(context, { text: item.seo.title, lang: item.seo.titleLang }), description: item.seo.description, image: item.logo?.src ?? null },
  };
}
