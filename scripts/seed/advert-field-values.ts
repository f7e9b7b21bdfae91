import type { Insertable } from "kysely";
import type { DB } from "#db/schema.ts";
import type { SeedContext } from "./context.ts";

// Demo values of the job adverts' fields, so the jobs list can be filtered by salary,
// employment type, Polish and remote work. Keyed by the advert's title; a value already
// stored for the advert and field is kept.

type JobValues = { salary_from?: number; salary_to?: number; employment?: string; polish?: string; remote?: boolean };

const JOB_VALUES: Record<string, JobValues> = {
  "Шукаємо кухаря в українське кафе": { salary_from: 5400, salary_to: 6200, employment: "full_time", polish: "basic", remote: false },
  "Помічник на склад, можна без німецької": { salary_from: 2300, employment: "full_time", polish: "none", remote: false },
  "Шукаю роботу бухгалтера": { employment: "part_time", polish: "none" },
  "Cleaner wanted, part-time": { salary_from: 1100, employment: "part_time", polish: "none", remote: false },
  "Помічник електрика, повний день": { salary_from: 4000, employment: "full_time", polish: "none", remote: false },
  "Вакансія: фронтенд-розробник (React)": { salary_from: 14000, salary_to: 18000, employment: "full_time", polish: "none", remote: true },
};

export async function seedAdvertFieldValues(ctx: SeedContext): Promise<void> {
  const jobs = ctx.categories.get("advertisement:robota");
  if (jobs === undefined) return;
  const [fields, adverts] = await Promise.all([
    ctx.db.selectFrom("advert_fields").select(["id", "key", "kind"]).where("category_id", "=", jobs).execute(),
    ctx.db.selectFrom("advertisements").select(["id", "title"]).where("title", "in", Object.keys(JOB_VALUES)).execute(),
  ]);
  const rows = adverts.flatMap((advert) =>
    Object.entries(JOB_VALUES[advert.title] ?? {}).flatMap(([key, value]): Insertable<DB["advert_field_values"]>[] => {
      const field = fields.find((candidate) => candidate.key === key);
      if (!field) return [];
      const base = { advertisement_id: advert.id, field_id: field.id };
      if (typeof value === "number") return [{ ...base, number_value: String(value) }];
      if (typeof value === "boolean") return [{ ...base, bool_value: value }];
      return [{ ...base, text_value: value }];
    }),
  );
  if (rows.length === 0) return;
  await ctx.db
    .insertInto("advert_field_values")
    .values(rows)
    .onConflict((oc) => oc.columns(["advertisement_id", "field_id"]).doNothing())
    .execute();
  ctx.log(`seed: ${rows.length} advert field values`);
}
