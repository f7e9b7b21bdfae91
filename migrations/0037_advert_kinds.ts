import { type Kysely, sql } from "kysely";

// What an advert is: an offer (every advert before this migration), a wanted advert, a thing
// given away for free, a call for help or an offer of help (app/modules/adverts/kinds.ts).

const KINDS = "'offer', 'wanted', 'give_away', 'help_needed', 'help_offered'";

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `alter table advertisements add column if not exists kind text not null default 'offer' constraint advertisements_kind_check check (kind in (${KINDS}))`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw("alter table advertisements drop column if exists kind").execute(db);
}
