import type { CategoryKind, DB } from "#db/schema.ts";

// The content-type registry's index: each type, who manages it and the category kind it
// uses. Small on purpose: the role table reads it, and the role table is in every page's
// shell. Each type's fields, statuses and addresses are in types.ts (CONTENT_SPECS), which
// must describe exactly these types. Adding a type: docs/architecture.md "Checklists".

/** Each type is stored in the table of the same name and is its dashboard section's path segment. */
export const CONTENT_TYPES = ["news", "pages", "posters", "reklama", "diaspors", "services", "advertisements"] as const satisfies ReadonlyArray<keyof DB>;
export type ContentType = (typeof CONTENT_TYPES)[number];
/** The role-table row that lets a role manage a type. */
export type ContentPermission = `${ContentType}.manage`;

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
} as const satisfies Record<ContentType, Entry>;

type Registry = typeof CONTENT_REGISTRY;

/** Content types with a category editor. */
export type CategoryType = { [K in ContentType]: Registry[K] extends { category: CategoryKind } ? K : never }[ContentType];

/** The category kind each category editor edits. */
export const CATEGORY_TYPES = Object.fromEntries(
  CONTENT_TYPES.flatMap((type) => {
    const entry: Entry = CONTENT_REGISTRY[type];
    return entry.category ? [[type, entry.category]] : [];
  }),
) as { [K in CategoryType]: Registry[K] extends { category: infer C } ? C : never };

/** The content type whose items each category kind classifies. */
export const CATEGORY_CONTENT = Object.fromEntries(Object.entries(CATEGORY_TYPES).map(([type, kind]) => [kind, type])) as Record<CategoryKind, CategoryType>;

export function isContentType(value: string | undefined): value is ContentType {
  return (CONTENT_TYPES as readonly string[]).includes(value ?? "");
}

export function isCategoryType(value: string | undefined): value is CategoryType {
  return value !== undefined && Object.hasOwn(CATEGORY_TYPES, value);
}
