import type { RouterContextProvider } from "react-router";
import type { VersionedTable } from "../listing/content-state.server.ts";
import { directoryJsonLd } from "../listing/directory-json-ld.ts";
import { notFound } from "../listing/not-found.ts";
import { itemTitle, pageContext, pageReklama, titleWithSite } from "../listing/page-data.server.ts";
import { parsePage } from "../listing/pagination.ts";
import { recordView } from "../listing/request-effects.server.ts";
import { listLocations, parseLocationFilter } from "../listing/taxonomy.server.ts";
import { findDiaspora, listDiaspors } from "./diaspors.server.ts";

export const DIASPORA_PAGE_DEPS: VersionedTable[] = ["diaspors", "locations", "images", "reklama"];

type Args = { context: Readonly<RouterContextProvider>; url: URL };

/** `/diaspors`, with `?location=`. */
export async function loadDiasporaList({ context, url }: Args) {
  const { language, t } = pageContext(context, url);
  const page = parsePage(url);
  const locations = await listLocations(language);
  const location = parseLocationFilter(url, locations);
  const [list, reklama] = await Promise.all([
    listDiaspors({ language, page, locationId: location?.id }),
    pageReklama(context, language, ["list_inline", "footer"]),
  ]);
  const parts = [t("diaspors.title"), location?.name.text, page > 1 ? t("pagination.page_n", { page }) : null];
  return {
    ...list,
    category: null,
    categories: [],
    locations,
    location: location?.slug ?? null,
    reklama,
    seo: { title: await titleWithSite(parts.filter(Boolean).join(" — "), language), description: t("diaspors.description") },
  };
}

/** `/diaspors/{slug}`. */
export async function loadDiasporaItem({ context, url }: Args, slug: string) {
  const { language, absolute } = pageContext(context, url);
  const item = await findDiaspora(slug, language);
  if (!item) notFound();
  recordView(context, "diaspors", item.id);
  const reklama = await pageReklama(context, language, ["sidebar"]);
  const pageUrl = absolute(`/diaspors/${item.slug}`);
  return {
    item,
    reklama,
    pageUrl,
    jsonLd: directoryJsonLd("Organization", item, pageUrl),
    seo: { title: await itemTitle(context, { text: item.seo.title, lang: item.seo.titleLang }), description: item.seo.description, image: item.logo?.src ?? null },
  };
}
