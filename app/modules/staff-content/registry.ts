import type { CategoryKind, DB } from "#db/schema.ts";
import { PUBLIC_SECTIONS, type PublicEntry } from "./public-sections.ts";

export { PUBLIC_SECTIONS } from "./public-sections.ts";

// The content-type registry's index: each type, who manages it and the category kind it
// uses. Small on purpose: the role table reads it, and the role table is in every page's
// shell. Each type's fields, statuses and addresses are in types.ts (CONTENT_SPECS), which
// must describe exactly these types. Adding a type: docs/architecture.md "Checklists".

/** Each type is stored in the table of the same name and is its dashboard section's path segment. */
export const CONTENT_TYPES = [
  "news",
  "pages",
  "posters",
  "reklama",
  "diaspors",
  "services",
  "advertisements",
  "guides",
] as const satisfies ReadonlyArray<keyof DB>;
export type ContentType = (typeof CONTENT_TYPES)[number];
/** The role-table row that lets a role manage a type. */
export type ContentPermission = `${ContentType}.manage`;

/** The type whose entries are organisations: the one an event's `organisation_id` names. */
export const ORGANISATION_TYPE = "diaspors" satisfies ContentType;

type Entry = {
  /** Who holds `<type>.manage`: editors and admins, or admins only. Staff sections come first in the dashboard. */
  managedBy: "staff" | "admin";
  /** The kind of category its items take; the type then has a category editor. */
  category?: CategoryKind;
};

export const CONTENT_REGISTRY = {
  news: { managedBy: "staff", category: "news" },
  pages: { managedBy: "staff" },
  posters: { managedBy: "staff", category: "poster" },
  reklama: { managedBy: "admin" },
  diaspors: { managedBy: "staff" },
  services: { managedBy: "staff", category: "service" },
  advertisements: { managedBy: "staff", category: "advertisement" },
  guides: { managedBy: "staff" },
} as const satisfies Record<ContentType, Entry>;

type Sections = typeof PUBLIC_SECTIONS;
type SectionType = keyof Sections;

/** The first path segment of the other types' public items: reklama's landing pages, and pages at `/{slug}`. */
const ITEM_SEGMENTS = { reklama: "reklama", pages: "" } as const satisfies Record<Exclude<ContentType, SectionType>, string>;

/** Types in public order: the sections, then the others. Read when asked. */
export function publicOrder(): ContentType[] {
  // Typed: every public section (public-sections.ts) must be a content type.
  const sections: ContentType[] = Object.keys(PUBLIC_SECTIONS) as Array<keyof typeof PUBLIC_SECTIONS>;
  return [...sections, ...Object.keys(ITEM_SEGMENTS)] as ContentType[];
}
/** Types with a search tab, and the tabs (their segments). */
export type SearchType = { [K in SectionType]: Sections[K] extends { search: number } ? K : never }[SectionType];
export type SearchSegment = Sections[SearchType]["segment"];

/** The public entry of a type, seen as any entry (a type without a section has its segment only). */
export function publicSection(type: ContentType): PublicEntry {
  return (
    (PUBLIC_SECTIONS as Partial<Record<ContentType, PublicEntry>>)[type] ?? { segment: ITEM_SEGMENTS[type as keyof typeof ITEM_SEGMENTS] }
  );
}

/** The types with a search tab, in public order. */
export function searchedTypes(): ContentType[] {
  return publicOrder().filter((type) => publicSection(type).search);
}

/** A type's public path: its list without `slug`, else an item's page (locale-free). */
export function publicPathOf(type: ContentType, slug?: string): string {
  const segment = publicSection(type).segment;
  return slug === undefined ? `/${segment}` : segment ? `/${segment}/${slug}` : `/${slug}`;
}

type Registry = typeof CONTENT_REGISTRY;

/** Content types with a category editor. */
export type CategoryType = { [K in ContentType]: Registry[K] extends { category: CategoryKind } ? K : never }[ContentType];

/** The category kind each category editor edits. */
// Pure: a page's script that never reads these (the header's) drops them.
export const CATEGORY_TYPES = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ CONTENT_TYPES.flatMap((type) => {
    const entry: Entry = CONTENT_REGISTRY[type];
    return entry.category ? [[type, entry.category]] : [];
  }),
) as { [K in CategoryType]: Registry[K] extends { category: infer C } ? C : never };

/** The content type whose items each category kind classifies. */
export const CATEGORY_CONTENT = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ Object.entries(CATEGORY_TYPES).map(([type, kind]) => [kind, type]),
) as Record<CategoryKind, CategoryType>;

export function isContentType(value: string | undefined): value is ContentType {
  return (CONTENT_TYPES as readonly string[]).includes(value ?? "");
}

export function isCategoryType(value: string | undefined): value is CategoryType {
  return value !== undefined && Object.hasOwn(CATEGORY_TYPES, value);
}
