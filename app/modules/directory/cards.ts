import type { Language } from "#app/i18n/locales.ts";
import type { SocialLinks } from "#db/schema.ts";
import type { LocalizedText } from "#app/platform/format/localized.ts";
import { pickLocalized } from "#app/platform/format/localized.ts";
import { mapPointUrl, mapSearchUrl } from "#app/platform/format/map-link.ts";
import type { GeoPoint } from "#app/platform/geo/radius.ts";
import { excerpt, stripHtml } from "#app/platform/format/text.ts";
import type { DisplayImage } from "#app/platform/images/display-image.ts";

// Shared shape of directory entries (services and diaspora organisations). Pure.

export type DirectoryCard = {
  id: number;
  slug: string;
  name: LocalizedText;
  teaser: LocalizedText;
  location: LocalizedText | null;
  logo: DisplayImage | null;
  category: { slug: string; name: LocalizedText } | null;
  /** Km from the list's place (its own point, else its city's); null when the list measures none. */
  distanceKm: number | null;
};

export type DirectoryContacts = {
  phone: string | null;
  email: string | null;
  website: string | null;
  address: string | null;
  /** OpenStreetMap at the entry's own point, else a search for the address (and the location's name). */
  mapUrl: string | null;
  social: Array<{ network: string; url: string }>;
};

export type DirectoryDetail = DirectoryCard & {
  /** Where it is on a map: its own point, else its city's; null without either. */
  point: GeoPoint | null;
  /** Its own point only (an exact address): the map link and structured data. */
  ownPoint: GeoPoint | null;
  description: LocalizedText;
  contacts: DirectoryContacts;
  viewCount: number;
  updatedAt: string;
  seo: { title: string; titleLang: Language; description: string };
};

export function teaserOf(descriptionUk: string, descriptionEn: string | null, language: Language): LocalizedText {
  const description = pickLocalized(descriptionUk, descriptionEn, language);
  return { lang: description.lang, text: excerpt(stripHtml(description.text), 160) };
}

function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  const withScheme = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    return url.hostname.includes(".") ? url.href : null;
  } catch {
    return null;
  }
}

export function contactsOf(row: {
  phone: string | null;
  email: string | null;
  website: string | null;
  address: string | null;
  social_links: SocialLinks | null;
  locationName?: string | null;
  /** The entry's own point (an exact address), not its city's. */
  point?: GeoPoint | null;
}): DirectoryContacts {
  const address = row.address?.trim() || null;
  const mapUrl = row.point ? mapPointUrl(row.point) : address ? mapSearchUrl([address, row.locationName]) : null;
  return {
    phone: row.phone?.trim() || null,
    email: row.email?.trim() || null,
    website: httpUrl(row.website),
    address,
    mapUrl,
    social: Object.entries(row.social_links ?? {})
      .map(([network, url]) => ({ network, url: typeof url === "string" ? httpUrl(url) : null }))
      .filter((link): link is { network: string; url: string } => link.url !== null),
  };
}

/** Digits and a leading plus, for tel: links. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}
