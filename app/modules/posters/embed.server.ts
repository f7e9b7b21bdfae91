import type { RouterContextProvider } from "react-router";
import type { VersionedTable } from "#app/platform/page-cache/content-state.server.ts";
import { languageOf } from "#app/i18n/locales.ts";
import { pickLocalized } from "#app/platform/format/localized.ts";
import { escapeXml } from "#app/platform/format/escape-markup.ts";
import { badRequest, notFound } from "#app/platform/http/errors.ts";
import { publicRows } from "#app/modules/content/public-cards.server.ts";
import { ORGANISATION_TYPE } from "#app/modules/staff-content/registry.ts";
import { pageContext, siteName } from "#app/modules/content/public-page.server.ts";
import { nearParams } from "#app/modules/content/near-list.ts";
import { nearTitle } from "#app/modules/content/near-list.server.ts";
import { listCategories, listLocations, parseTermFilter } from "#app/modules/taxonomy/public-terms.server.ts";
import { parseNearFilter } from "#app/modules/taxonomy/near.server.ts";
import { eventWhenLabel } from "./event-when.ts";
import { upcomingPosters } from "./posters.server.ts";

// The calendar other sites put in an <iframe> (`/embed/poster`, docs/product.md#embedded-calendar):
// the next events of an organisation, a category or a place, as a small page of its own with
// no script. Every address in it is absolute, from PUBLIC_URL.

export const POSTER_EMBED_DEPS: VersionedTable[] = [
  "posters",
  "poster_occurrences",
  "categories",
  "locations",
  "images",
  ORGANISATION_TYPE,
];

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 50;

type EmbedTheme = "light" | "dark";

export type PosterEmbed = {
  language: string;
  theme: EmbedTheme;
  title: string;
  heading: string;
  /** What the list is narrowed to: the organisation, the category, the place. */
  scope: string | null;
  events: Array<{ id: number; title: string; titleLang: string; url: string; when: string; iso: string; place: string | null }>;
  empty: string;
  more: { url: string; label: string };
  source: string;
  newWindow: string;
};

type Args = { context: Readonly<RouterContextProvider>; url: URL };

/** One value of `name`, or null when absent; a repeated key is refused. */
function single(url: URL, name: string): string | null {
  const values = url.searchParams.getAll(name);
  if (values.length > 1) badRequest();
  return values[0] ?? null;
}

/** `?theme=light|dark`, light when absent. */
function parseTheme(url: URL): EmbedTheme {
  const theme = single(url, "theme");
  if (theme === null || theme === "light" || theme === "dark") return theme ?? "light";
  badRequest();
}

/** `?limit=1..50`, 10 when absent. */
function parseLimit(url: URL): number {
  const limit = single(url, "limit");
  if (limit === null) return DEFAULT_LIMIT;
  if (!/^[1-9]\d?$/.test(limit) || Number(limit) > MAX_LIMIT) badRequest();
  return Number(limit);
}

// A slug is letters, digits and hyphens: anything else (a NUL, which PostgreSQL refuses; 10 KB) names no organisation.
const SLUG = /^[\p{L}\p{N}_-]{1,200}$/u;

/** `?organisation=<slug>`: a diaspora organisation the public may see, else the 404. */
async function parseOrganisation(url: URL) {
  const slug = single(url, "organisation");
  if (slug === null || slug === "") return null;
  if (!SLUG.test(slug)) notFound();
  const row = await publicRows(ORGANISATION_TYPE, "org")
    .select(["org.id", "org.name_uk", "org.name_en"])
    .where("org.slug", "=", slug)
    .executeTakeFirst();
  return row ?? notFound();
}

/** `/embed/poster?organisation=&category=&location=` (or `near=&radius=`), `theme=`, `limit=`. */
export async function loadPosterEmbed({ context, url }: Args): Promise<PosterEmbed> {
  const { language, locale, t, absolute } = pageContext(context, url);
  const theme = parseTheme(url);
  const limit = parseLimit(url);
  const [categories, locations, organisation, site] = await Promise.all([
    listCategories("poster", language),
    listLocations(language),
    parseOrganisation(url),
    siteName(language),
  ]);
  const category = parseTermFilter(url, "category", categories);
  const near = parseNearFilter(url, locations);
  const posters = await upcomingPosters(language, limit, { categoryId: category?.id, near, organisationId: organisation?.id });
  const organisationName = organisation ? pickLocalized(organisation.name_uk, organisation.name_en, language).text : null;
  const scope = [organisationName, category?.name.text, nearTitle(near, t)].filter(Boolean).join(" · ");
  const query = new URLSearchParams(nearParams({ near: near?.place.slug ?? null, radius: near?.radius ?? null, sort: null })).toString();
  return {
    language: languageOf(locale),
    theme,
    title: t("embed.page_title", { site }),
    heading: t("embed.heading"),
    scope: scope || null,
    events: posters.map((poster) => ({
      id: poster.id,
      title: poster.title.text,
      titleLang: poster.title.lang,
      url: absolute(`/poster/${poster.slug}`),
      when: eventWhenLabel(poster.when, t),
      iso: poster.when.iso,
      place: [poster.venue?.text, poster.location?.text].filter(Boolean).join(", ") || null,
    })),
    empty: t("embed.empty"),
    more: {
      url: absolute(`${category ? `/poster/category/${category.slug}` : "/poster"}${query ? `?${query}` : ""}`),
      label: t("embed.more"),
    },
    source: t("embed.source", { site }),
    newWindow: t("embed.new_window"),
  };
}

/** The code an organisation's page offers to copy: its events in a frame, in the page's language. */
export function posterEmbedCode({ context, url }: Args, organisation: { slug: string; name: string }): string {
  const { t, absolute } = pageContext(context, url);
  const src = `${absolute("/embed/poster")}?organisation=${encodeURIComponent(organisation.slug)}`;
  const title = escapeXml(t("embed.frame_title", { name: organisation.name }));
  return `<iframe src="${escapeXml(src)}" title="${title}" width="100%" height="480" loading="lazy" style="border:0"></iframe>`;
}
