// A published job advert with some of its category's field values, for the field filter tests.
import type { Kysely } from "kysely";
import type { DB, NewAdvertisement } from "#db/schema.ts";
import { liveForDays } from "../support/adverts.ts";

/** `salary` is the "salary from" field's value, `salaryTo` the "salary to" one's. */
export type JobValues = { salary?: number; salaryTo?: number; employment?: string; polish?: string; remote?: boolean };
/** Where the jobs go: their owner, category and place, and the ids of the category's fields. */
export type JobPlace = {
  ownerId: number;
  categoryId: number;
  locationId: number;
  fields: Partial<Record<"salary_from" | "salary_to" | "employment" | "polish" | "remote", number>>;
};

/** Inserts the advert (listed an hour ago for 29 days unless `advert` says otherwise) and the values given; its id. */
export async function insertJobAdvert(
  db: Kysely<DB>,
  place: JobPlace,
  slug: string,
  values: JobValues,
  advert: Partial<NewAdvertisement> = {},
): Promise<number> {
  const row = await db
    .insertInto("advertisements")
    .values({
      slug,
      owner_id: place.ownerId,
      category_id: place.categoryId,
      location_id: place.locationId,
      title: `Вакансія ${slug}`,
      description: "Шукаємо працівника на склад, навчання на місці.",
      price_kind: "negotiable",
      contact_name: "Оля",
      email: "olia@example.test",
      show_phone: false,
      ...liveForDays(29),
      ...advert,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { fields } = place;
  const rows = [
    values.salary === undefined ? null : { field_id: fields.salary_from!, number_value: String(values.salary) },
    values.salaryTo === undefined ? null : { field_id: fields.salary_to!, number_value: String(values.salaryTo) },
    values.employment === undefined ? null : { field_id: fields.employment!, text_value: values.employment },
    values.polish === undefined ? null : { field_id: fields.polish!, text_value: values.polish },
    values.remote === undefined ? null : { field_id: fields.remote!, bool_value: values.remote },
  ].flatMap((value) => (value ? [{ advertisement_id: row.id, ...value }] : []));
  if (rows.length) await db.insertInto("advert_field_values").values(rows).execute();
  return row.id;
}
