// The registry's public sections (registry.ts re-exports them), in a module of their own: the
// header is in every page's first load, and a module there brings along every export that
// any other chunk takes from it.

export type PublicEntry = {
  /** The first path segment of its public pages: list at `/{segment}`, item at `/{segment}/{slug}` ("": pages at `/{slug}`). */
  segment: string;
  /** Its header link's translation key. */
  nav?: string;
  /** Its tab of `/search/{segment}` (the tabs' order, from 1); the header search then searches it on its pages. */
  search?: number;
};

/**
 * The public sections, as the browser needs them: each one's address, header link and search
 * tab. The header reads them on every page, whose script is at its budget, so they hold no
 * more (the cards' placeholder icons are card-placeholder.tsx's, by segment; what only the
 * server reads, cards, views, sitemap, home sections, directories and submissions, is in
 * public-specs.ts). The key order is the public order: the header, the home page's sections,
 * the sitemap's lists.
 */
export const PUBLIC_SECTIONS = {
  news: { segment: "novyny", nav: "content:nav.news", search: 1 },
  posters: { segment: "poster", nav: "content:nav.posters", search: 2 },
  advertisements: { segment: "advertisement", nav: "adverts:nav.adverts", search: 5 },
  services: { segment: "services", nav: "content:nav.services", search: 3 },
  diaspors: { segment: "diaspors", nav: "content:nav.diaspors", search: 4 },
  guides: { segment: "dovidnyk", nav: "content:nav.guides", search: 6 },
} as const satisfies Record<string, PublicEntry>;

/** Every public section, in public order (the header's one reader: fewer bytes in every page's script). */
export function publicSections(): PublicEntry[] {
  return Object.values(PUBLIC_SECTIONS);
}
