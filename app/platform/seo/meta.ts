import type { MetaDescriptor } from "react-router";
import { errorMeta } from "./error-texts.ts";
import { localizePath, stripLocale } from "#app/i18n/locales.ts";

export type Seo = { title: string; description: string; image?: string | null; type?: "website" | "article" };
type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** Search engines show about 160 characters of a description; a long category name is cut there. */
export function categoryDescription(text: string): string {
  if (text.length <= 160) return text;
  const cut = text.slice(0, 159);
  const space = cut.lastIndexOf(" ");
  return `${(space > 100 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export const DEFAULT_SHARE_IMAGE = "/uploads/images/share.webp";

/** Open Graph locales of the page languages. */
const OG_LOCALE: Record<string, string> = { uk: "uk_UA", en: "en_US" };

export type SiteMeta = { name: string; language: string };

/** Title, description, the share card (summary_large_image with a webp under /uploads/images), site name and locales. */
export function seoMeta(seo: Seo, origin: string, path: string, site?: SiteMeta): MetaDescriptor[] {
  const image = new URL(seo.image ?? DEFAULT_SHARE_IMAGE, origin).href;
  const locale = OG_LOCALE[site?.language ?? "uk"] ?? OG_LOCALE.uk!;
  return [
    ...(site ? [{ property: "og:site_name", content: site.name }] : []),
    { property: "og:locale", content: locale },
    ...Object.values(OG_LOCALE)
      .filter((other) => other !== locale)
      .map((other) => ({ property: "og:locale:alternate", content: other })),
    { title: seo.title },
    { name: "description", content: seo.description },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: new URL(path, origin).href },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: seo.title },
    { name: "twitter:description", content: seo.description },
    { name: "twitter:image", content: image },
  ];
}

/**
 * Canonical URL and reciprocal hreflang alternates (uk, en, x-default) of a page. Only the page
 * number changes what a list shows; other query strings share the canonical page.
 */
function alternateLinks(origin: string, pathname: string, search = ""): MetaDescriptor[] {
  const bare = stripLocale(pathname);
  const page = new URLSearchParams(search).get("page");
  const query = page && page !== "1" ? `?page=${encodeURIComponent(page)}` : "";
  const uk = new URL(localizePath(bare, "ua") + query, origin).href;
  return [
    { tagName: "link", rel: "canonical", href: new URL(pathname + query, origin).href },
    { tagName: "link", rel: "alternate", hrefLang: "uk", href: uk },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: new URL(localizePath(bare, "us") + query, origin).href },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: uk },
  ];
}

/**
 * A route's `meta`: its loader's `seo`, else the root's defaults (SEO index title and description),
 * so a page whose loader failed still has translated metadata; an error page gets only its title
 * and description.
 */
export function pageMeta({
  loaderData,
  matches,
  location,
  error,
}: {
  loaderData?: unknown;
  matches: MatchLike[];
  location: { pathname: string; search?: string };
  error?: unknown;
}): MetaDescriptor[] {
  if (error) return errorMeta(error, location.pathname);
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    { seo: Seo; origin: string; language: string; site: { name: string } } | undefined;
  const seo = (loaderData as { seo?: Seo } | undefined)?.seo ?? root?.seo;
  if (!seo || !root) return [];
  return [
    ...seoMeta(seo, root.origin, location.pathname, { name: root.site.name, language: root.language }),
    ...alternateLinks(root.origin, location.pathname, location.search),
  ];
}
