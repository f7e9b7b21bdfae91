import { data, redirect, type RouterContextProvider } from "react-router";
import { localizePath } from "#app/i18n/locales.ts";
import { getInstance, getPageLanguage } from "#app/i18n/request.server.ts";
import { can } from "#app/modules/auth/access.ts";
import { getCurrentUser } from "#app/modules/auth/guards.server.ts";
import { consumeLimit, type Limit } from "#app/modules/auth/rate-limit.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { savedAmong } from "#app/modules/favourites/favourites.server.ts";
import { getClientAddress } from "#app/platform/http/client-address.server.ts";
import { categoryDescription } from "#app/platform/seo/meta.ts";
import type { VersionedTable } from "#app/platform/page-cache/content-state.server.ts";
import { notFound } from "#app/platform/http/errors.ts";
import { pageContext, siteName, titleWithSite } from "#app/modules/content/public-page.server.ts";
import { checkPage, parsePage } from "#app/platform/lists/pagination.ts";
import { markUnpublished } from "#app/platform/page-cache/request-effects.server.ts";
import { recordView } from "#app/modules/analytics/page-effects.server.ts";
import { listCategories, listLocations, requireCategory, type CategoryLink } from "#app/modules/taxonomy/public-terms.server.ts";
import { excerpt } from "#app/platform/format/text.ts";
import { measuredFrom, parseNearFilter } from "#app/modules/taxonomy/near.server.ts";
import { isFiltered, parseAdvertQuery } from "./list-query.ts";
import { isFieldParam } from "./category-field-filters.ts";
import { categoryFieldFilters } from "./field-filters.server.ts";
import {
  ADVERT_PAGE_SIZE,
  categoryWithDescendants,
  findAdvertBySlug,
  listLiveAdverts,
  liveAdvert,
  similarAdverts,
  type PriceLabels,
} from "./queries.server.ts";
import { advertJsonLd, jobPostingJsonLd } from "#app/platform/seo/structured-data.ts";
import { advertFacts } from "./category-field-facts.server.ts";
import { ADVERT_CARD_DEPS } from "./home-section.server.ts";
import { isPubliclyVisible } from "./status.ts";
import { trustProfile } from "#app/modules/ratings/trust-stats.server.ts";
import { kindIsOffer } from "./kinds.ts";

// Loaders and the contact reveal action of the public advert pages.

/** Tables the public advert pages are built from (the page cache's dependencies): a card's
 * price may come from its category's price field, and a category's list filters by its fields. */
export const ADVERT_PAGE_DEPS: VersionedTable[] = [...ADVERT_CARD_DEPS, "categories"];
/** An advert's page also shows its seller's name and page, ratings and figures (ratings/trust-stats.server.ts). */
export const ADVERT_ITEM_DEPS: VersionedTable[] = [...ADVERT_PAGE_DEPS, "users", "user_ratings", "user_trust_stats"];
/** The advert page's sidebar shows the seller's newest reviews, fewer than the seller page. */
const ADVERT_PAGE_REVIEWS = 2;

/** "Show phone" and "Show email" together: per IP, so scraping every contact takes a long time. */
export const CONTACT_REVEAL_LIMIT: Limit = { max: 20, windowMs: 10 * 60 * 1000 };

type Context = Readonly<RouterContextProvider>;
type Args = { context: Context; url: URL };

/** `t` of the `adverts` namespace in the page's language. */
export function advertsT(context: Context) {
  return getInstance(context).getFixedT(getPageLanguage(context), "adverts");
}

export function priceLabels(context: Context): PriceLabels {
  const t = advertsT(context);
  return { free: t("price.free"), negotiable: t("price.negotiable") };
}

const FILTER_PARAMS = ["kind", "location", "near", "radius", "min", "max", "currency", "photos", "sort", "page"];

/**
 * The filter form submits every field, empty ones too, and its category select sends
 * `?category=<slug>`: such a request is redirected to the clean address, the category's own
 * one (or the whole list) with only the filters that are set. Null when the URL is clean.
 */
function cleanListUrl(url: URL, categorySlug: string | undefined): string | null {
  const hasCategory = url.searchParams.has("category");
  // A radius without a place (the form sends both) says nothing.
  const hasPlace = Boolean(url.searchParams.get("near")?.trim());
  const params = new URLSearchParams();
  let changed = hasCategory;
  for (const [name, value] of url.searchParams) {
    if (name === "category") continue;
    if ((FILTER_PARAMS.includes(name) || isFieldParam(name)) && (value.trim() === "" || (name === "radius" && !hasPlace))) {
      changed = true;
      continue;
    }
    if (hasCategory && name === "page") continue;
    params.append(name, value);
  }
  if (!changed) return null;
  const slug = hasCategory ? (url.searchParams.get("category")?.trim() ?? "") : (categorySlug ?? "");
  const locale = url.pathname === "/us" || url.pathname.startsWith("/us/") ? "us" : "ua";
  const path = localizePath(slug ? `/advertisement/category/${encodeURIComponent(slug)}` : "/advertisement", locale);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** `/advertisement` and `/advertisement/category/{slug}`. */
export async function loadAdvertList({ context, url }: Args, categorySlug?: string) {
  const target = cleanListUrl(url, categorySlug);
  if (target) throw redirect(target);
  const { language, locale } = pageContext(context, url);
  const t = advertsT(context);
  const page = parsePage(url);
  const parsed = parseAdvertQuery(url.searchParams);
  const [category, categories, locations] = await Promise.all([
    categorySlug ? requireCategory("advertisement", categorySlug, language) : null,
    listCategories("advertisement", language),
    listLocations(language),
  ]);
  // `?near=` (or the older `?location=`) naming no place is the 404; a place without a point is only itself.
  const near = parseNearFilter(url, locations);
  // Field filters the category's fields do not accept are dropped, so the form shows what applies.
  const fieldFilters = await categoryFieldFilters(category?.id ?? null, parsed.fields, language);
  // A category whose fields state the price (a salary, a rent) filters it by those fields, not by a second price range.
  const placed = {
    ...parsed,
    near: near?.place.slug ?? null,
    radius: near?.radius ?? null,
    // Nearest first needs a place with a point and a radius; otherwise the list is newest first.
    sort: parsed.sort === "nearest" && !measuredFrom(near) ? ("newest" as const) : parsed.sort,
  };
  const query = fieldFilters.priceInFields
    ? { ...placed, minPrice: null, maxPrice: null, fields: fieldFilters.applied }
    : { ...placed, fields: fieldFilters.applied };
  const { items, total } = await listLiveAdverts({
    filters: {
      ...query,
      categoryIds: category ? await categoryWithDescendants(category.id) : undefined,
      near,
      fieldFilters: fieldFilters.filters,
    },
    page,
    language,
    labels: priceLabels(context),
  });
  const pagination = checkPage(page, total, ADVERT_PAGE_SIZE);
  // Per viewer, so only signed-in pages (never cached) carry any; anonymous pages stay shared.
  const savedIds = await savedAmong(
    getCurrentUser(context)?.id,
    items.map((item) => item.id),
  );
  const heading = category ? category.name.text : t("list.title");
  const pageSuffix = page > 1 ? ` — ${t("list.page_n", { page })}` : "";
  return {
    items,
    savedIds,
    pagination,
    query,
    filtered: isFiltered(query),
    fields: fieldFilters.views,
    priceInFields: fieldFilters.priceInFields,
    // The form always sends its sort, and the clean address keeps it: a submitted form (or a
    // filtered link) opens the panel, a plain category link leaves the adverts first.
    filtersOpen: [...url.searchParams.keys()].some((name) => name !== "page"),
    category: category as CategoryLink | null,
    categories,
    locations,
    feed: { href: localizePath("/advertisement/rss.xml", locale), title: t("feed.title", { name: heading }) },
    seo: {
      title: await titleWithSite(`${heading}${pageSuffix}`, language),
      description: category ? categoryDescription(t("list.category_description", { name: heading })) : t("list.description"),
    },
  };
}

/** `/advertisement/{slug}`: anyone sees live, sold and expired adverts; owners and staff also see the others. */
export async function loadAdvertItem({ context, url }: Args, slug: string) {
  const { language, absolute } = pageContext(context, url);
  const t = advertsT(context);
  const labels = priceLabels(context);
  const found = await findAdvertBySlug(slug, language, labels);
  if (!found) notFound();
  const { advert } = found;
  const viewer = getCurrentUser(context);
  const isOwner = viewer?.id === found.ownerId;
  const isPublic = isPubliclyVisible(advert.status);
  if (!isPublic && !isOwner && !can(viewer?.role, "advertisements.manage")) notFound();
  if (isPublic && !isOwner) recordView(context, "advertisements", advert.id);
  if (!isPublic) markUnpublished(context);
  const fieldsT = getInstance(context).getFixedT(language, "fields");
  const { photos } = found;
  const [similar, { facts, job }, trust] = await Promise.all([
    similarAdverts(advert, language, labels),
    advertFacts(advert.id, advert.categoryId, language, { yes: fieldsT("facts.yes"), no: fieldsT("facts.no") }),
    isPublic ? trustProfile(found.ownerId, language, ADVERT_PAGE_REVIEWS) : null,
  ]);
  const savedIds = await savedAmong(viewer?.id, [advert.id, ...similar.map((item) => item.id)]);
  const description = excerpt(advert.description.replace(/\s+/g, " ").trim(), 160);
  const pageUrl = absolute(`/advertisement/${advert.slug}`);
  return {
    advert,
    photos,
    similar,
    savedIds,
    isOwner,
    signedIn: viewer !== null,
    /** The seller page's random id (never the owner's sequential one). */
    sellerId: isPublic ? found.sellerId : null,
    /** The seller's ratings and figures, on a public advert. */
    trust,
    preview: !isPublic,
    pageUrl,
    facts,
    // A job's data is a JobPosting only when it offers the job (kinds.ts: an offer); other kinds have their own shape.
    jsonLd: !isPublic
      ? null
      : job && advert.kind === "offer"
        ? jobPostingJsonLd({ ...advert, employer: advert.contact.name }, job, pageUrl, {
            name: await siteName(language),
            url: absolute("/"),
          })
        : advertJsonLd({ ...advert, isOffer: kindIsOffer(advert.kind) }, photos, pageUrl),
    seo: {
      title: await titleWithSite(`${advert.title} — ${advert.price.text}`, language),
      description: description || t("list.description"),
      image: photos[0]?.src ?? null,
      type: "article" as const,
    },
  };
}

export type ContactKind = "phone" | "email";
/** The answer of a reveal post: the one contact asked for (`kind`), or why not. */
export type ContactReveal = { kind: ContactKind; phone: string | null; email: string | null; error: string | null };

/** The intent of a reveal post, or null for anything else. */
export function contactKind(intent: FormDataEntryValue | null): ContactKind | null {
  return intent === "phone" || intent === "email" ? intent : null;
}

/**
 * "Show phone" and "Show email" (a form post, so it works without JS): the number or address
 * of a live advert whose owner gave it (the number only when they chose to show it). Neither
 * is ever in the page, its data or a feed; both reveals share one limit per IP. Phone reveals
 * are counted for the owner.
 */
export async function revealAdvertContact({ context }: { context: Context }, slug: string, kind: ContactKind) {
  const db = getDb();
  const advert = await db
    .selectFrom("advertisements")
    .select(["id", "phone", "show_phone", "email"])
    .where("slug", "=", slug)
    .where(liveAdvert("advertisements"))
    .executeTakeFirst();
  const value = kind === "phone" ? (advert?.show_phone ? advert.phone : null) : advert?.email;
  if (!advert || !value) notFound();
  const limit = await consumeLimit([{ key: `advert-contact:ip:${getClientAddress(context)}`, limit: CONTACT_REVEAL_LIMIT }]);
  if (limit.limited) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    return data<ContactReveal>(
      { kind, phone: null, email: null, error: `adverts:item.contact_too_many|${JSON.stringify({ minutes })}` },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  if (kind === "phone") {
    await db
      .updateTable("advertisements")
      .set((eb) => ({ phone_reveal_count: eb("phone_reveal_count", "+", 1) }))
      .where("id", "=", advert.id)
      .execute();
  }
  return data<ContactReveal>({ kind, phone: kind === "phone" ? value : null, email: kind === "email" ? value : null, error: null });
}
