import type { AdvertFieldKind, AdvertFieldOption } from "#db/schema.ts";
import type { SeedContext } from "./context.ts";

// The demo's fields per advert category: what jobs, housing and vehicles are searched by.
// Housing's fields apply to its subcategories (flats to rent, rooms) as well. Rent and salary
// state the advert's price (app/modules/adverts/field-price.ts): their unit is the period, the
// currency is the advert's own.

type FieldSeed = {
  key: string;
  kind: AdvertFieldKind;
  uk: string;
  en: string;
  unit?: { uk: string; en: string };
  options?: AdvertFieldOption[];
  required?: boolean;
};

function option(value: string, uk: string, en: string): AdvertFieldOption {
  return { value, label_uk: uk, label_en: en };
}

export const DEMO_ADVERT_FIELDS: Record<string, FieldSeed[]> = {
  robota: [
    { key: "salary_from", kind: "number", uk: "Зарплата від", en: "Salary from", unit: { uk: "на місяць", en: "per month" } },
    { key: "salary_to", kind: "number", uk: "Зарплата до", en: "Salary to", unit: { uk: "на місяць", en: "per month" } },
    {
      key: "employment",
      kind: "select",
      uk: "Тип зайнятості",
      en: "Employment type",
      required: true,
      options: [
        option("full_time", "Повна зайнятість", "Full time"),
        option("part_time", "Часткова зайнятість", "Part time"),
        option("contract", "Договір / підряд", "Contract"),
        option("temporary", "Тимчасова", "Temporary"),
      ],
    },
    {
      key: "polish",
      kind: "select",
      uk: "Польська мова",
      en: "Polish needed",
      options: [option("none", "Не потрібна", "Not needed"), option("basic", "Базова", "Basic"), option("fluent", "Вільна", "Fluent")],
    },
    { key: "remote", kind: "boolean", uk: "Можна віддалено", en: "Remote possible" },
  ],
  zhytlo: [
    { key: "rent", kind: "number", uk: "Оренда", en: "Rent", unit: { uk: "на місяць", en: "per month" } },
    { key: "rooms", kind: "number", uk: "Кімнат", en: "Rooms" },
    { key: "area", kind: "number", uk: "Площа", en: "Area", unit: { uk: "м²", en: "m²" } },
    { key: "available_from", kind: "date", uk: "Вільно з", en: "Available from" },
    { key: "pets", kind: "boolean", uk: "Можна з тваринами", en: "Pets allowed" },
    { key: "registration", kind: "boolean", uk: "Можлива прописка (meldunek)", en: "Address registration possible" },
  ],
  transport: [
    { key: "year", kind: "number", uk: "Рік випуску", en: "Year" },
    { key: "mileage", kind: "number", uk: "Пробіг", en: "Mileage", unit: { uk: "км", en: "km" } },
  ],
};

export async function seedAdvertFields(ctx: SeedContext): Promise<void> {
  const rows = Object.entries(DEMO_ADVERT_FIELDS).flatMap(([slug, fields]) => {
    const categoryId = ctx.categories.get(`advertisement:${slug}`);
    if (categoryId === undefined) throw new Error(`seed: no advert category ${slug}`);
    return fields.map((field, position) => ({
      category_id: categoryId,
      key: field.key,
      kind: field.kind,
      label_uk: field.uk,
      label_en: field.en,
      unit_uk: field.unit?.uk ?? null,
      unit_en: field.unit?.en ?? null,
      options: JSON.stringify(field.options ?? []),
      required: field.required ?? false,
      position,
    }));
  });
  await ctx.db.insertInto("advert_fields").values(rows).execute();
  ctx.log(`seed: ${rows.length} advert category fields`);
}
