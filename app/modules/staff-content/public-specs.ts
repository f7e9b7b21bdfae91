import type { DB } from "#db/schema.ts";
import { publicOrder, type ContentType } from "./registry.ts";

// The content-type registry's public side as the server reads it: cards, view counts, the
// sitemap, home sections, directories and user submissions. Apart from registry.ts, which the
// header puts in every page's script: none of this is needed in the browser. Data only.

type PublicSpec<K extends ContentType = ContentType> = {
  /** A teaser section on the home page (in header order). */
  home?: true;
  /** Its public cards: the heading's bilingual base, the picture column, whether they show a category and a location. */
  card?: { heading: "title" | "name"; image: keyof DB[K] & string; category: boolean; location: boolean };
  /** Its item pages count views (`view_count`, once per visitor and day). */
  views?: true;
  /** Public only with a publication time (its lists order by it, its page prints it). */
  dated?: true;
  /** What the sitemap lists: its list, category and item pages ("list"), or its items only ("items"); none: its module's own source. */
  sitemap?: "list" | "items";
  /** Its list and item pages, search hits and home teasers are the directory's (`modules/directory`), its items of this schema.org type. */
  directory?: { schemaType: "LocalBusiness" | "Organization" };
  /** Users send items in for review (`modules/submissions`): the cabinet page of the form (locale-free) and the link's translation key. */
  submission?: { path: string; link: string };
};

export const PUBLIC_SPECS = {
  news: {
    home: true,
    card: { heading: "title", image: "cover_image_id", category: true, location: false },
    views: true,
    dated: true,
    sitemap: "list",
  },
  posters: {
    home: true,
    card: { heading: "title", image: "cover_image_id", category: true, location: true },
    views: true,
    sitemap: "list",
    submission: { path: "/cabinet/add-poster", link: "submissions:nav.add_poster" },
  },
  services: {
    home: true,
    card: { heading: "name", image: "logo_image_id", category: true, location: true },
    views: true,
    sitemap: "list",
    directory: { schemaType: "LocalBusiness" },
    submission: { path: "/cabinet/add-service", link: "submissions:nav.add_service" },
  },
  diaspors: {
    home: true,
    card: { heading: "name", image: "logo_image_id", category: false, location: true },
    views: true,
    sitemap: "list",
    directory: { schemaType: "Organization" },
    submission: { path: "/cabinet/add-organisation", link: "submissions:nav.add_organisation" },
  },
  advertisements: { home: true, views: true },
  guides: { home: true, views: true, sitemap: "list" },
  reklama: {},
  pages: { sitemap: "items" },
} as const satisfies { [K in ContentType]: PublicSpec<K> };

type Specs = typeof PUBLIC_SPECS;
type TypesWith<Part extends string> = { [K in ContentType]: Specs[K] extends Record<Part, unknown> ? K : never }[ContentType];
/** Types whose item pages count views. */
export type ViewType = TypesWith<"views">;
/** Types shown as public cards. */
export type CardType = TypesWith<"card">;
/** Types whose pages are the directory's. */
export type DirectoryType = TypesWith<"directory">;
/** Types users send in for review. */
export type SubmittedType = TypesWith<"submission">;

/** A type's server-side public description, seen as any (each optional part maybe there). */
export function publicSpec(type: ContentType): PublicSpec {
  return PUBLIC_SPECS[type] as PublicSpec;
}

/** The types whose description has `part`, in public order. */
export function typesWithSpec(part: keyof PublicSpec): ContentType[] {
  return publicOrder().filter((type) => publicSpec(type)[part] !== undefined);
}

export function isDirectoryType(type: ContentType): type is DirectoryType {
  return publicSpec(type).directory !== undefined;
}
