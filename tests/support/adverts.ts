import type { Kysely } from "kysely";
import type { DB, NewAdvertisement } from "#db/schema.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** A published advert's status and times: live since an hour ago, for `days` more days. */
export function liveForDays(days: number) {
  return { status: "published" as const, published_at: new Date(Date.now() - HOUR), expires_at: new Date(Date.now() + days * DAY) };
}

/** The advert category the messaging tests post in ("Транспорт"); its id. */
export async function insertTransportCategory(db: Kysely<DB>): Promise<number> {
  const category = await db
    .insertInto("categories")
    .values({ kind: "advertisement", slug: "transport", name_uk: "Транспорт", name_en: "Transport", position: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return category.id;
}

type BicycleAdvert = { ownerId: number; categoryId: number; slug: string; number: number };

/** A published bicycle advert (an hour old, 20 days left): what a buyer writes to its seller about. */
export function insertBicycleAdvert(
  db: Kysely<DB>,
  { ownerId, categoryId, slug, number }: BicycleAdvert,
  values: Partial<NewAdvertisement> = {},
) {
  return db
    .insertInto("advertisements")
    .values({
      slug,
      owner_id: ownerId,
      category_id: categoryId,
      title: `Велосипед ${number}`,
      description: "Міський велосипед у доброму стані, з ліхтарями.",
      price_kind: "amount",
      price_amount: "800.00",
      price_currency: "PLN",
      contact_name: "Продавець",
      email: "seller@example.test",
      ...liveForDays(20),
      ...values,
    })
    .returning(["id", "slug", "title"])
    .executeTakeFirstOrThrow();
}

const PLACES = {
  krakiv: { name_uk: "Краків", name_en: "Kraków" },
  berlin: { name_uk: "Берлін", name_en: "Berlin" },
  lviv: { name_uk: "Львів", name_en: "Lviv" },
  varshava: { name_uk: "Варшава", name_en: "Warsaw" },
} as const;

/** The named places, positioned in the order given; their ids in that order. */
export async function insertLocations(db: Kysely<DB>, slugs: readonly (keyof typeof PLACES)[]): Promise<number[]> {
  const rows = await db
    .insertInto("locations")
    .values(slugs.map((slug, index) => ({ slug, ...PLACES[slug], position: index + 1 })))
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

type AdvertCategory = { slug: string; name_uk: string; name_en: string; position?: number };

/** Top-level advert categories (positioned in the order given unless a row says); their ids in that order. */
export async function insertAdvertCategories(db: Kysely<DB>, categories: readonly AdvertCategory[]): Promise<number[]> {
  const rows = await db
    .insertInto("categories")
    .values(categories.map((category, index) => ({ kind: "advertisement" as const, position: index + 1, ...category })))
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

/** The two categories of the field tests: jobs (which get fields) and vehicles (which do not). */
export const JOBS_AND_VEHICLES: readonly AdvertCategory[] = [
  { slug: "robota", name_uk: "Робота", name_en: "Jobs" },
  { slug: "transport", name_uk: "Транспорт", name_en: "Vehicles" },
];
