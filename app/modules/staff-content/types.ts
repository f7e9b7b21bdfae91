import type { CategoryKind, DB, ReportTargetType } from "#db/schema.ts";
import {
  ADVERT_KINDS,
  ADVERT_STATUSES,
  CONTENT_STATUSES,
  CURRENCIES,
  GUIDE_TOPICS,
  PRICE_KINDS,
  REKLAMA_PLACEMENTS,
  REPORT_TARGET_TYPES,
} from "#db/schema.ts";
import { lifecycleOf, type LifecycleKind } from "./lifecycle.ts";
import type { DirectoryType } from "./public-specs.ts";
import { CONTENT_REGISTRY, CONTENT_TYPES, publicPathOf, type ContentType } from "./registry.ts";

export { CONTENT_TYPES, isContentType, type ContentType } from "./registry.ts";

// The content-type registry's descriptions: each type of registry.ts described once, with
// its fields. The dashboard's sections and overview, the role table's `<type>.manage` rows,
// the category editors and the generic list, form, store and where-builder derive from the
// registry; a field names a real column of its table (checked by the types below), so a typo
// does not compile. Pure: shared by loaders, actions and components (the dashboard's).

export type ContentTable = ContentType;
/** Each table's columns. */
type ColumnsByTable = { [T in ContentTable]: keyof DB[T] & string };
/** `title` where the table has `title_uk` and `title_en`, by table. */
type BilingualBasesByTable = {
  [T in ContentTable]: {
    [K in ColumnsByTable[T]]: K extends `${infer Base}_uk` ? (`${Base}_en` extends ColumnsByTable[T] ? Base : never) : never;
  }[ColumnsByTable[T]];
};
// Looked up by table rather than computed from T: a lookup is covariant in T, so a description
// of one type is a description of "some type" (`ContentSpec`) as it is.
/** The columns of a table; of any of them for the union (a description of "some type"). */
type Columns<T extends ContentTable> = ColumnsByTable[T];
/** The bilingual bases of a table (any of them for the union). */
type BilingualBase<T extends ContentTable> = BilingualBasesByTable[T];

export const SOCIAL_NETWORKS = ["facebook", "instagram", "telegram", "youtube", "tiktok", "x", "viber", "whatsapp", "linkedin"] as const;

type TextKind = "text" | "textarea" | "richtext";
/** How an empty optional text is stored: null, or "" for NOT NULL columns with a '' default. */
type EmptyAs = { emptyAs?: "" };

export type FieldSpec<T extends ContentTable> =
  | ({ kind: TextKind; name: BilingualBase<T>; bilingual: true; required?: boolean; max?: number; min?: number } & EmptyAs)
  | ({
      kind: TextKind | "url" | "email" | "tel";
      name: Columns<T>;
      bilingual?: false;
      required?: boolean;
      max?: number;
      min?: number;
    } & EmptyAs)
  | { kind: "datetime"; name: Columns<T>; required?: boolean; defaultNow?: boolean }
  | { kind: "number"; name: Columns<T>; min?: number; max?: number; decimal?: boolean }
  | { kind: "checkbox"; name: Columns<T> }
  | { kind: "select"; name: Columns<T>; options: readonly string[]; required?: boolean; initial?: string }
  | { kind: "category"; name: "category_id" & Columns<T>; required?: boolean }
  | { kind: "location"; name: "location_id" & Columns<T> }
  /** An exact point (`latitude` and `longitude` columns, both or neither; migrations/0039): the form's two fields. */
  | { kind: "point"; name: "latitude" & Columns<T> }
  /** An event's repetition (`posters.recurrence`, an RRULE): the form's "Repeats" fieldset (recurrence-schema.ts). */
  | { kind: "recurrence"; name: "recurrence" & Columns<T> }
  | { kind: "image"; name: Columns<T> }
  | { kind: "social"; name: "social_links" & Columns<T> }
  | { kind: "slug"; name: "slug" & Columns<T> }
  | { kind: "status"; name: "status" & Columns<T> }
  | { kind: "tags"; name: "tags" }
  | { kind: "gallery"; name: "images" };

type FieldGroup<T extends ContentTable> = {
  id: "content" | "details" | "contacts" | "publishing" | "seo";
  fields: ReadonlyArray<FieldSpec<T>>;
};

export type ContentSpec<T extends ContentTable = ContentTable> = {
  type: T;
  table: T;
  permission: `${T}.manage`;
  /** Who holds `permission`: editors and admins, or admins only. Staff sections come first in the dashboard. */
  managedBy: "staff" | "admin";
  /** Bilingual base (`title`, `name`) or, for adverts, the single `title` column. */
  title: { uk: Columns<T>; en: Columns<T> | null };
  statuses: readonly string[];
  /** Who wrote it (staff content) or owns it (adverts): the list's author filter. */
  authorColumn: Columns<T>;
  category?: CategoryKind;
  tags?: { table: "news_tags" | "poster_tags"; column: "news_id" | "poster_id" };
  /** How items live: staff publishing, or the advert lifecycle (lifecycle.ts). */
  lifecycle: LifecycleKind;
  /** What visitors report it as (reports.target_type). */
  reportTarget?: ReportTargetType;
  /** Public address of an item by slug (locale-free), from its segment in the registry's PUBLIC_SECTIONS. */
  publicPath: (slug: string) => string;
  /** Besides `published_at`: moments at which time alone changes what is public (the page cache wakes then). */
  timeline?: ReadonlyArray<Columns<T> | `coalesce(${Columns<T>}, ${Columns<T>})`>;
  groups: ReadonlyArray<FieldGroup<T>>;
};

/** A type's description, completed from its registry entry. */
function define<T extends ContentTable>(
  spec: Omit<ContentSpec<T>, "table" | "permission" | "managedBy" | "category" | "publicPath">,
): ContentSpec<T> {
  const entry: { managedBy: ContentSpec["managedBy"]; category?: CategoryKind } = CONTENT_REGISTRY[spec.type];
  return { ...spec, ...entry, table: spec.type, permission: `${spec.type}.manage`, publicPath: (slug) => publicPathOf(spec.type, slug) };
}

/** The staff-written types (every type but the users' adverts): they share SEO and publishing fields. */
export type StaffTable = Exclude<ContentTable, "advertisements">;
/** The tables linking items to tags. */
export type TagTable = NonNullable<ContentSpec["tags"]>["table"];

function seo<T extends StaffTable>(): FieldGroup<T> {
  return {
    id: "seo",
    fields: [
      { kind: "text", name: "seo_title", bilingual: true, max: 120 },
      { kind: "textarea", name: "seo_description", bilingual: true, max: 300 },
    ],
  };
}

function publishing<T extends StaffTable>(): FieldGroup<T> {
  return {
    id: "publishing",
    fields: [
      { kind: "slug", name: "slug" },
      { kind: "status", name: "status" },
      { kind: "datetime", name: "published_at" },
    ],
  };
}

/** A staff type's heading (title, name): required, in both languages. */
function heading<T extends StaffTable>(name: BilingualBase<T>): FieldSpec<T> {
  return { kind: "text", name, bilingual: true, required: true, max: 200 };
}

/** A staff type's long text (body, description): rich text in both languages, "" when empty. */
function richText<T extends StaffTable>(name: BilingualBase<T>): FieldSpec<T> {
  return { kind: "richtext", name, bilingual: true, max: 200_000, emptyAs: "" };
}

/** The category, tags and cover image of news and posters (the end of their details). */
function coverAndTerms<T extends "news" | "posters">(): ReadonlyArray<FieldSpec<T>> {
  return [
    { kind: "category", name: "category_id" },
    { kind: "tags", name: "tags" },
    { kind: "image", name: "cover_image_id" },
  ];
}

/**
 * A staff-written type: a bilingual heading (`title`, or `name` with `heading`), the content
 * statuses, a staff author; its groups are its content, details and contacts (the directories'),
 * then publishing and SEO.
 */
function staffType<T extends StaffTable>(
  spec: Omit<
    ContentSpec<T>,
    "table" | "permission" | "managedBy" | "category" | "publicPath" | "title" | "statuses" | "authorColumn" | "lifecycle" | "groups"
  > & {
    heading?: "title" | "name";
    content: FieldGroup<T>["fields"];
    details: FieldGroup<T>["fields"];
    contacts?: FieldGroup<T>["fields"];
  },
): ContentSpec<T> {
  const { heading: base = "title", content, details, contacts, ...rest } = spec;
  const groups: Array<FieldGroup<T>> = [
    { id: "content", fields: content },
    { id: "details", fields: details },
  ];
  if (contacts) groups.push({ id: "contacts", fields: contacts });
  return define<T>({
    ...rest,
    title: { uk: `${base}_uk` as Columns<T>, en: `${base}_en` as Columns<T> },
    statuses: CONTENT_STATUSES,
    lifecycle: "publishing",
    authorColumn: "author_id",
    groups: [...groups, publishing<T>(), seo<T>()],
  });
}

/**
 * A directory (services, diaspora organisations): the same fields, which name only the columns
 * both tables have; its category where it has one, and the phone or the website first among the contacts.
 */
function directory<T extends DirectoryType>(
  type: T,
  reportTarget: ReportTargetType,
  options: { phoneFirst?: boolean; category?: { kind: "category"; name: "category_id" & Columns<T> } } = {},
): ContentSpec<T> {
  const website = { kind: "url", name: "website", max: 500 } as const;
  const phone = { kind: "tel", name: "phone", max: 40 } as const;
  return staffType<T>({
    type,
    heading: "name",
    reportTarget,
    content: [heading<T>("name"), richText<T>("description")],
    details: [
      ...(options.category ? [options.category] : []),
      { kind: "location", name: "location_id" },
      { kind: "image", name: "logo_image_id" },
    ],
    contacts: [
      options.phoneFirst ? phone : website,
      { kind: "email", name: "email", max: 200 },
      options.phoneFirst ? website : phone,
      { kind: "text", name: "address", max: 300 },
      { kind: "point", name: "latitude" },
      { kind: "social", name: "social_links" },
    ],
  });
}

export const CONTENT_SPECS = {
  news: staffType({
    type: "news",
    tags: { table: "news_tags", column: "news_id" },
    reportTarget: "news",
    content: [
      heading<"news">("title"),
      { kind: "textarea", name: "summary", bilingual: true, max: 600, emptyAs: "" },
      richText<"news">("body"),
    ],
    details: coverAndTerms<"news">(),
  }),
  pages: staffType({
    type: "pages",
    content: [heading<"pages">("title"), richText<"pages">("body")],
    details: [
      { kind: "checkbox", name: "show_in_footer" },
      { kind: "number", name: "position", min: 0, max: 10_000 },
    ],
  }),
  posters: staffType({
    type: "posters",
    tags: { table: "poster_tags", column: "poster_id" },
    reportTarget: "poster",
    // An event leaves the upcoming lists when it ends (or starts, without an end); when it
    // starts its card changes to "ongoing until …".
    timeline: ["starts_at", "coalesce(ends_at, starts_at)"],
    content: [heading<"posters">("title"), richText<"posters">("description")],
    details: [
      { kind: "datetime", name: "starts_at", required: true },
      { kind: "datetime", name: "ends_at" },
      { kind: "recurrence", name: "recurrence" },
      { kind: "text", name: "venue", bilingual: true, max: 200 },
      { kind: "text", name: "address", max: 300 },
      { kind: "location", name: "location_id" },
      { kind: "point", name: "latitude" },
      { kind: "text", name: "price_text", bilingual: true, max: 120 },
      { kind: "url", name: "ticket_url", max: 500 },
      { kind: "text", name: "organiser", max: 200 },
      // "I'm going" closes at this many; empty is no limit.
      { kind: "number", name: "capacity", min: 1, max: 100_000 },
      ...coverAndTerms<"posters">(),
    ],
  }),
  reklama: staffType({
    type: "reklama",
    timeline: ["starts_at", "ends_at"],
    content: [heading<"reklama">("title"), richText<"reklama">("body")],
    details: [
      { kind: "select", name: "placement", options: REKLAMA_PLACEMENTS, required: true },
      { kind: "datetime", name: "starts_at", defaultNow: true },
      { kind: "datetime", name: "ends_at" },
      { kind: "url", name: "target_url", max: 500 },
      { kind: "image", name: "image_id" },
    ],
  }),
  diaspors: directory("diaspors", "diaspora"),
  guides: staffType({
    type: "guides",
    reportTarget: "guide",
    content: [
      heading<"guides">("title"),
      { kind: "textarea", name: "summary", bilingual: true, max: 600, emptyAs: "" },
      richText<"guides">("body"),
      // One step a line, what to bring after " — " (modules/guides/steps.ts).
      { kind: "textarea", name: "steps", bilingual: true, max: 10_000, emptyAs: "" },
    ],
    details: [
      { kind: "select", name: "topic", options: GUIDE_TOPICS, required: true, initial: "documents" },
      { kind: "location", name: "location_id" },
      { kind: "datetime", name: "checked_at" },
      { kind: "text", name: "checked_by", max: 200 },
      // Public paths, one a line: related services, organisations and guides.
      { kind: "textarea", name: "related", max: 2000, emptyAs: "" },
    ],
  }),
  services: directory("services", "service", { phoneFirst: true, category: { kind: "category", name: "category_id" } }),
  advertisements: define({
    type: "advertisements",
    title: { uk: "title", en: null },
    statuses: ADVERT_STATUSES,
    authorColumn: "owner_id",
    lifecycle: "advert",
    reportTarget: "advertisement",
    groups: [
      {
        id: "content",
        fields: [
          { kind: "text", name: "title", required: true, min: 5, max: 120 },
          { kind: "textarea", name: "description", required: true, min: 20, max: 5000 },
        ],
      },
      {
        id: "details",
        fields: [
          { kind: "select", name: "kind", options: ADVERT_KINDS, required: true, initial: "offer" },
          { kind: "category", name: "category_id", required: true },
          { kind: "location", name: "location_id" },
          { kind: "select", name: "price_kind", options: PRICE_KINDS, required: true, initial: "amount" },
          { kind: "number", name: "price_amount", min: 0, max: 9_999_999_999, decimal: true },
          { kind: "select", name: "price_currency", options: CURRENCIES },
          { kind: "gallery", name: "images" },
        ],
      },
      {
        id: "contacts",
        fields: [
          { kind: "text", name: "contact_name", max: 120, emptyAs: "" },
          { kind: "tel", name: "phone", max: 40 },
          { kind: "email", name: "email", max: 200 },
          { kind: "checkbox", name: "show_phone" },
        ],
      },
      {
        id: "publishing",
        fields: [
          { kind: "slug", name: "slug" },
          { kind: "status", name: "status" },
          { kind: "textarea", name: "rejection_reason", max: 1000 },
          { kind: "datetime", name: "published_at" },
          { kind: "datetime", name: "expires_at" },
        ],
      },
    ],
  }),
} as const satisfies { [K in ContentType]: ContentSpec<K> };

/**
 * The description of a type, for the generic code. Each description was checked against
 * its own table above; generic code sees any type's columns (`ContentSpec` of them all).
 */
export function contentSpec(type: ContentType): ContentSpec {
  return CONTENT_SPECS[type];
}

/** Every type's description, in registry order, for code that walks them all. */
export function contentSpecs(): ContentSpec[] {
  return CONTENT_TYPES.map(contentSpec);
}

/** The type visitors report as each report target (`reportTarget`); every target names one, checked at load. */
const REPORT_TARGETS = Object.fromEntries(
  REPORT_TARGET_TYPES.map((target) => {
    const spec = contentSpecs().find((candidate) => candidate.reportTarget === target);
    if (!spec) throw new Error(`no content type is reported as "${target}"`);
    return [target, spec];
  }),
) as Record<ReportTargetType, ContentSpec>;

/** The description of the type a report target is (its table, title column and public path). */
export function reportTargetSpec(target: ReportTargetType): ContentSpec {
  return REPORT_TARGETS[target];
}

/** Every field of a type, in form order. */
export function allFields(spec: ContentSpec): ReadonlyArray<FieldSpec<ContentTable>> {
  return spec.groups.flatMap((group) => group.fields);
}

/** Dashboard paths (locale-free). Pages are edited at /edit-page/{id} (docs/product.md#dashboard-layout-adminpanel-staff). */
export const dashboardPaths = {
  list: (type: ContentType) => `/dashboard/${type}`,
  create: (type: ContentType) => `/dashboard/${type}/new-page`,
  edit: (type: ContentType, id: number) => (type === "pages" ? `/dashboard/pages/edit-page/${id}` : `/dashboard/${type}/edit/${id}`),
  categories: (type: ContentType) => `/dashboard/${type}/categories`,
  category: (type: ContentType, id: number) => `/dashboard/${type}/categories/edit-page/${id}`,
};

/** Statuses a list can filter by: the type's own, plus "scheduled" (published, time not reached) where publication can wait. */
export function statusFilters(spec: ContentSpec): string[] {
  return lifecycleOf(spec).statusFilters(spec.statuses);
}

/** Whether the type has the photo gallery field (advertisement_images). */
export function hasGallery(spec: ContentSpec): boolean {
  return allFields(spec).some((field) => field.kind === "gallery");
}

/** Whether the type has a field of this name. */
export function hasField(spec: ContentSpec, name: string): boolean {
  return allFields(spec).some((field) => field.name === name);
}
