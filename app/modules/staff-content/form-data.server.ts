import type { Language } from "#app/i18n/locales.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { keyedByVersion } from "#app/platform/page-cache/content-state.server.ts";
import { toLocalInput } from "./datetime.ts";
import type { ItemRow } from "./items.server.ts";
import { allFields, SOCIAL_NETWORKS, type ContentSpec } from "./types.ts";
import { formOfChoice } from "./recurrence-schema.ts";
import { NO_SERIES } from "#app/modules/posters/series.ts";
import { choiceOfRule } from "#app/modules/posters/series.server.ts";

// What a content form needs besides its values: the choices of its selects, and previews
// of the images it holds.

export type Choice = { id: number; label: string; labelEn: string | null; depth: number };
export type FormOptions = { categories: Choice[]; locations: Choice[]; tags: Choice[] };
export type ImagePreview = { id: number; key: string; variants: number[]; alt: string | null };

/** A term's label in the dashboard's language (the Ukrainian name where the English one is missing). */
function termLabel(row: { name_uk: string; name_en: string | null }, language: Language): string {
  return language === "en" && row.name_en ? row.name_en : row.name_uk;
}

export async function formOptions(spec: ContentSpec, language: Language = "uk"): Promise<FormOptions> {
  const db = getDb();
  const needsLocations = allFields(spec).some((field) => field.kind === "location");
  const [categories, locations, tags] = await Promise.all([
    categoryChoices(spec, language),
    needsLocations ? db.selectFrom("locations").select(["id", "name_uk", "name_en"]).orderBy("position").orderBy("name_uk").execute() : [],
    spec.tags ? db.selectFrom("tags").select(["id", "name_uk", "name_en"]).orderBy("name_uk").execute() : [],
  ]);
  return {
    categories,
    locations: locations.map((row) => ({ id: row.id, label: termLabel(row, language), labelEn: row.name_en, depth: 0 })),
    tags: tags.map((row) => ({ id: row.id, label: termLabel(row, language), labelEn: row.name_en, depth: 0 })),
  };
}

/** The categories of the type's kind in tree order: the form's select and the list's filter. */
export async function categoryChoices(spec: ContentSpec, language: Language = "uk"): Promise<Choice[]> {
  const kind = spec.category;
  if (!kind) return [];
  const rows = await categoriesOfKind(kind, () =>
    getDb()
      .selectFrom("categories")
      .select(["id", "name_uk", "name_en", "parent_id"])
      .where("kind", "=", kind)
      .orderBy("position")
      .orderBy("name_uk")
      .execute(),
  );
  return categoryTree(rows, language);
}

// Every dashboard list and form page asked for its categories: kept per kind until the
// categories table changes, as the public pages keep theirs (taxonomy/public-terms.server.ts).
const categoriesOfKind = keyedByVersion<Array<{ id: number; name_uk: string; name_en: string | null; parent_id: number | null }>>(
  ["categories"],
  { max: 8 },
);

/** Categories in tree order (children after their parent), with their depth. */
export function categoryTree(
  rows: Array<{ id: number; name_uk: string; name_en: string | null; parent_id: number | null }>,
  language: Language = "uk",
): Choice[] {
  const ids = new Set(rows.map((row) => row.id));
  const children = new Map<number | null, typeof rows>();
  for (const row of rows) {
    const parent = row.parent_id !== null && ids.has(row.parent_id) ? row.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const out: Choice[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const row of children.get(parent) ?? []) {
      if (out.some((choice) => choice.id === row.id)) continue;
      out.push({ id: row.id, label: termLabel(row, language), labelEn: row.name_en, depth });
      walk(row.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export async function imagePreviews(ids: Array<number | null | undefined>): Promise<Record<number, ImagePreview>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === "number" && id > 0))];
  if (wanted.length === 0) return {};
  const rows = await getDb().selectFrom("images").select(["id", "key", "variants", "alt_uk"]).where("id", "in", wanted).execute();
  return Object.fromEntries(rows.map((row) => [row.id, { id: row.id, key: row.key, variants: row.variants, alt: row.alt_uk }]));
}

export type FormDefaults = Record<string, string | string[] | undefined>;

/** The form's starting values for a new item. */
export function newItemDefaults(spec: ContentSpec): FormDefaults {
  const initial = allFields(spec).flatMap((field) =>
    field.kind === "select" && field.initial ? [[field.name, field.initial] as const] : [],
  );
  const series = allFields(spec).some((field) => field.kind === "recurrence") ? formOfChoice(NO_SERIES) : {};
  return { status: "draft", ...series, ...Object.fromEntries(initial) };
}

/** The form's starting values from a stored item (field names are column names). */
export function itemDefaults(spec: ContentSpec, row: ItemRow, tagIds: number[], galleryIds: number[], language?: Language): FormDefaults {
  const out: FormDefaults = { version: String(row.version) };
  const text = (value: unknown) => (value === null || value === undefined ? undefined : String(value));
  for (const field of allFields(spec)) {
    switch (field.kind) {
      case "text":
      case "textarea":
      case "richtext":
        if (field.bilingual) {
          out[`${field.name}_uk`] = text(row[`${field.name}_uk`]);
          out[`${field.name}_en`] = text(row[`${field.name}_en`]);
        } else out[field.name] = text(row[field.name]);
        break;
      case "datetime":
        out[field.name] = toLocalInput(row[field.name] as Date | null, language) || undefined;
        break;
      case "checkbox":
        out[field.name] = row[field.name] ? "on" : undefined;
        break;
      case "number": {
        const value = row[field.name];
        out[field.name] = value === null || value === undefined ? undefined : String(Number(value));
        break;
      }
      case "point":
        for (const name of ["latitude", "longitude"]) {
          const value = row[name];
          out[name] = value === null || value === undefined ? undefined : String(Number(value));
        }
        break;
      case "recurrence":
        Object.assign(out, formOfChoice(choiceOfRule(row.recurrence as string | null), language));
        break;
      case "social": {
        const links = (row.social_links ?? {}) as Record<string, string>;
        for (const network of SOCIAL_NETWORKS) out[`social_${network}`] = links[network];
        break;
      }
      case "tags":
        out.tag_ids = tagIds.map(String);
        break;
      case "gallery":
        out.image_ids = galleryIds.map(String);
        break;
      default:
        out[field.name] = text(row[field.name]);
    }
  }
  return out;
}
