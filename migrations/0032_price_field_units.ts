import { type Kysely, sql } from "kysely";

// Rent and salary fields state the advert's price (app/modules/adverts/field-price.ts), shown
// with the advert's own currency: their unit names only the period. The demo's fields named the
// złoty in their unit too ("зл / міс."), which put a second spelling of the currency after the
// amount; such units become the period alone. Units staff wrote otherwise stay as they are.

const PRICE_KEYS = ["price", "rent", "salary", "salary_from", "salary_to"];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`update advert_fields set unit_uk = 'на місяць', unit_en = 'per month'
    where kind = 'number' and key in (${sql.join(PRICE_KEYS)}) and unit_uk = 'зл / міс.' and unit_en = 'zł / month'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update advert_fields set unit_uk = 'зл / міс.', unit_en = 'zł / month'
    where kind = 'number' and key in (${sql.join(PRICE_KEYS)}) and unit_uk = 'на місяць' and unit_en = 'per month'`.execute(db);
}
