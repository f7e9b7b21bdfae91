import type { RouterContextProvider } from "react-router";
import { localizePath } from "#app/i18n/locales.ts";
import { categoryDescription } from "#app/modules/seo/meta.ts";
import type { VersionedTable } from "#app/modules/page-cache/content-state.server.ts";
import { pageContext, pageReklama, publicItemPage, siteName, titleWithSite } from "#app/modules/content/public-page.server.ts";
import { parsePage } from "#app/modules/lists/pagination.ts";
import { listCategories, listLocations, parseLocationFilter, requireCategory } from "#app/modules/taxonomy/public-terms.server.ts";
import { stripHtml } from "#app/modules/format/text.ts";
import { parseTicketPrice, postalAddress } from "#app/modules/seo/structured-data.ts";
import { findPoster, listPosters, parseWhen } from "./posters.server.ts";

export const POSTER_PAGE_DEPS: VersionedTable[] = ["posters", "poster_tags", "categories", "tags", "locations", "images", "reklama"];

type Args = { context: Readonly<RouterContextProvider>; url: URL };

/** `/poster` and `/poster/category/{slug}`, with `?when=past` and `?location=`. */
export async function loadPosterList({ context, url }: Args, categorySlug?: string) {
  const { language, locale, t } = pageContext(context, url);
  const page = parsePage(url);
  const when = parseWhen(url);
  const [category, locations] = await Promise.all([
    categorySlug ? requireCategory("poster", categorySlug, language) : null,
    listLocations(language),
  ]);
  const location = parseLocationFilter(url, locations);
  const [list, categories, reklama] = await Promise.all([
    listPosters({ language, page, when, categoryId: category?.id, locationId: location?.id }),
    listCategories("poster", language),
    pageReklama(context, language, ["list_inline", "footer"]),
  ]);
  const heading = category ? category.name.text : t("posters.title");
  const parts = [heading, when === "past" ? t("posters.past") : null, location?.name.text, page > 1 ? t("pagination.page_n", { page }) : null];
  return {
    ...list,
    when,
    category,
    categories,
    locations,
    location: location?.slug ?? null,
    reklama,
    feed: { href: localizePath("/poster/rss.xml", locale), title: t("feed.posters_title") },
    seo: {
      title: await titleWithSite(parts.filter(Boolean).join(" — "), language),
      description: category ? categoryDescription(t("posters.category_description", { name: heading })) : t("posters.description"),
    },
  };
}

/** `/poster/{slug}`. */
export async function loadPosterItem(args: Args, slug: string) {
  const { item: poster, also: site, reklama, pageUrl, locale, seo } = await publicItemPage(args, {
    table: "posters",
    path: "/poster",
    find: (language) => findPoster(slug, language),
    also: (_found, language) => siteName(language),
  });
  const address = postalAddress(poster.address, poster.location?.text);
  const ticket = parseTicketPrice(poster.price?.text);
  return {
    poster,
    reklama,
    pageUrl,
    icsHref: localizePath(`/poster/${poster.slug}/event.ics`, locale),
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Event",
      name: poster.title.text,
      inLanguage: poster.title.lang,
      startDate: poster.startsAt,
      ...(poster.endsAt ? { endDate: poster.endsAt } : {}),
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      description: stripHtml(poster.description.text).slice(0, 500),
      url: pageUrl,
      ...(poster.image ? { image: [new URL(poster.image.src, pageUrl).href] } : {}),
      location: {
        "@type": "Place",
        name: poster.venue?.text ?? poster.address ?? poster.location?.text ?? poster.title.text,
        ...(address ? { address } : {}),
      },
      organizer: { "@type": "Organization", name: poster.organiser ?? site },
      ...(poster.ticketUrl || poster.price
        ? {
            offers: {
              "@type": "Offer",
              url: poster.ticketUrl ?? pageUrl,
              ...(poster.price ? { description: poster.price.text } : {}),
              ...(ticket ? { price: ticket.price, ...(ticket.priceCurrency ? { priceCurrency: ticket.priceCurrency } : {}) } : {}),
              availability: "https://schema.org/InStock",
            },
          }
        : {}),
    },
    seo: { ...seo, image: poster.image?.src ?? null, type: "article" as const },
  };
}
