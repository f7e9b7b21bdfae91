import { type Kysely, sql } from "kysely";

// One language per page: every taxonomy name (categories, tags, locations) exists
// in English too. The name_en columns date from the first schema; this migration makes sure
// they are there and fills in the English names the demo content shipped without, so that
// English pages of an existing demo installation stop showing Ukrainian. Only empty names of
// the demo slugs are filled: a name staff typed is never overwritten. The dashboard's
// taxonomy forms require the English name from now on.

/** Demo taxonomy (scripts/seed/taxonomy.ts) whose English name may be missing. */
const DEMO_NAMES: Record<"categories" | "tags" | "locations", Record<string, string>> = {
  categories: {
    hromada: "Community",
    kultura: "Culture",
    osvita: "Education",
    dokumenty: "Documents and law",
    volonterstvo: "Volunteering",
    sport: "Sport",
    kontserty: "Concerts",
    vystavky: "Exhibitions",
    festyvali: "Festivals and fairs",
    "dlia-ditei": "For children",
    "maister-klasy": "Workshops",
    zustrichi: "Meetings and talks",
    yurysty: "Lawyers and paperwork",
    medytsyna: "Health",
    krasa: "Beauty",
    pereklady: "Translation",
    remont: "Repairs and building",
    navchannia: "Tutoring and courses",
    yizha: "Food and catering",
    perevezennia: "Transport and moving",
    robota: "Jobs",
    zhytlo: "Housing",
    "orenda-kvartyr": "Flats to rent",
    kimnaty: "Rooms",
    transport: "Vehicles",
    elektronika: "Electronics",
    "dim-i-sad": "Home and garden",
    "dytiachi-rechi": "Kids' things",
    odiah: "Clothes and shoes",
    posluhy: "Services",
    "viddam-bezkoshtovno": "Free stuff",
  },
  tags: {
    vyshyvanka: "Embroidery",
    volontery: "Volunteers",
    dity: "Children",
    mova: "Language",
    dokumenty: "Documents",
    kultura: "Culture",
    kontsert: "Concert",
    blahodiinist: "Charity",
    osvita: "Education",
    robota: "Work",
    sport: "Sport",
    sviata: "Holidays",
    kukhnia: "Food",
    istoriia: "History",
    mystetstvo: "Art",
  },
  locations: {
    varshava: "Warsaw",
    krakiv: "Kraków",
    vrotslav: "Wrocław",
    berlin: "Berlin",
    praha: "Prague",
    london: "London",
    toronto: "Toronto",
    "niu-iork": "New York",
  },
};

/** The demo footer page that had no English version, so the English footer showed it in Ukrainian. */
const ADVERTISING_PAGE = {
  slug: "reklama-na-saiti",
  title: "Advertise with us",
  body: "<p>Place a banner on the home page, in the sidebar or in the adverts feed.</p><p>Community and charity organisations get a discount. Write to us and we will send the terms and visitor statistics.</p>",
};

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, names] of Object.entries(DEMO_NAMES)) {
    await sql.raw(`alter table ${table} add column if not exists name_en text`).execute(db);
    for (const [slug, name] of Object.entries(names)) {
      await sql`update ${sql.table(table)} set name_en = ${name} where slug = ${slug} and coalesce(trim(name_en), '') = ''`.execute(db);
    }
  }
  await sql`update pages set title_en = ${ADVERTISING_PAGE.title}, body_en = ${ADVERTISING_PAGE.body}
    where slug = ${ADVERTISING_PAGE.slug} and coalesce(trim(title_en), '') = '' and coalesce(trim(body_en), '') = ''`.execute(db);
}

export async function down(): Promise<void> {
  // The backfilled names are data, and the columns predate this migration: nothing to undo.
}
