import { type Kysely, sql } from "kysely";
import { hashPassword } from "#app/modules/auth/password.server.ts";
import { removeImageFiles, type StoreOption } from "#app/platform/images/process.server.ts";
import { resolveImageStore } from "#app/platform/images/storage.server.ts";
import type { DB, UserRole } from "#db/schema.ts";
import { seedAdverts } from "./adverts.ts";
import { daysAgo, type SeedContext } from "./context.ts";
import { seedDirectory } from "./directory.ts";
import { seedGuides } from "./guides.ts";
import { insertSeedImages, renderSeedImages } from "./images.ts";
import { seedNews } from "./news.ts";
import { seedPagesAndReklama, seedSettings } from "./pages.ts";
import { seedOrganisations } from "./organisations.ts";
import { seedPosters } from "./posters.ts";
import { seedPosterSeries } from "./poster-series.ts";
import { seedTaxonomy } from "./taxonomy.ts";
import { seedAdvertFields } from "./advert-fields.ts";
import { seedVisits } from "./visits.ts";

export const DEMO_ACCOUNTS = {
  admin: "admin@demo.local",
  editor: "editor@demo.local",
  user: "user@demo.local",
} as const;

// Account names are shown as they are in both interfaces (header, dashboard, moderation),
// so the demo people have their names in Latin script, as a member abroad would sign up;
// a Ukrainian-only name ("Адміністратор порталу") read oddly on every English page.
const STAFF_AND_DEMO: Array<{ key: "admin" | "editor" | "user"; role: UserRole; name: string; locale: "ua" | "us" }> = [
  { key: "admin", role: "admin", name: "Roman Kravets", locale: "ua" },
  { key: "editor", role: "editor", name: "Oksana Lytvyn", locale: "ua" },
  { key: "user", role: "user", name: "Maria Petrenko", locale: "ua" },
];

/** Other advert owners (same demo password, verified). */
const OTHER_USERS = [
  { email: "olena@demo.local", name: "Olena Kovalenko", phone: "+48 602 111 222", locale: "ua" as const },
  { email: "taras@demo.local", name: "Taras Melnyk", phone: "+49 151 2345 6789", locale: "ua" as const },
  { email: "iryna@demo.local", name: "Iryna Bondar", phone: null, locale: "ua" as const },
  { email: "andrii@demo.local", name: "Andrii Shevchuk", phone: "+44 7700 900456", locale: "us" as const },
];

/** Pictures go to `store`, a local `uploadsDir`, else the configured image store. */
export type SeedOptions = StoreOption & { demoPassword: string; log?: (line: string) => void };

/**
 * Fills an empty database with bilingual demo content, demo accounts and pictures.
 * Idempotent: does nothing (created: false) when the demo admin already exists.
 * All rows are written in one transaction; on failure the written files are removed.
 */
export async function seedDemoContent(db: Kysely<DB>, options: SeedOptions): Promise<{ created: boolean }> {
  const log = options.log ?? (() => {});
  const existing = await db
    .selectFrom("users")
    .select("id")
    .where(sql<string>`lower(email)`, "=", DEMO_ACCOUNTS.admin)
    .executeTakeFirst();
  if (existing) {
    log("seed: demo content already present, nothing to do");
    return { created: false };
  }

  const started = performance.now();
  const store = resolveImageStore(options);
  const [passwordHash, images] = await Promise.all([hashPassword(options.demoPassword), renderSeedImages(store)]);
  log(`seed: ${images.length} pictures rendered`);
  const files: SeedContext["files"] = [...images];
  try {
    await db.transaction().execute(async (trx) => {
      const now = new Date();
      const ctx: SeedContext = {
        db: trx,
        now,
        store,
        log,
        users: { admin: 0, editor: 0, user: 0, others: [] },
        categories: new Map(),
        tags: new Map(),
        locations: new Map(),
        images: new Map(),
        files,
      };
      await seedUsers(ctx, passwordHash);
      await seedTaxonomy(ctx);
      await seedAdvertFields(ctx);
      await insertSeedImages(ctx, images);
      await seedSettings(ctx);
      await seedNews(ctx);
      await seedPosters(ctx);
      await seedPosterSeries(ctx);
      await seedDirectory(ctx);
      await seedOrganisations(ctx);
      await seedGuides(ctx);
      await seedPagesAndReklama(ctx);
      await seedAdverts(ctx, images);
      await seedReports(ctx);
      await seedVisits(ctx);
    });
  } catch (error) {
    await Promise.all(files.map((file) => removeImageFiles(store, file)));
    throw error;
  }
  log(`seed: demo content created in ${Math.round(performance.now() - started)} ms`);
  return { created: true };
}

async function seedUsers(ctx: SeedContext, passwordHash: string): Promise<void> {
  const verifiedAt = daysAgo(ctx.now, 120);
  for (const account of STAFF_AND_DEMO) {
    const row = await ctx.db
      .insertInto("users")
      .values({
        email: DEMO_ACCOUNTS[account.key],
        password_hash: passwordHash,
        name: account.name,
        role: account.role,
        email_verified_at: verifiedAt,
        preferred_locale: account.locale,
        created_at: verifiedAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ctx.users[account.key] = row.id;
  }
  for (const other of OTHER_USERS) {
    const row = await ctx.db
      .insertInto("users")
      .values({
        email: other.email,
        password_hash: passwordHash,
        name: other.name,
        phone: other.phone,
        email_verified_at: verifiedAt,
        preferred_locale: other.locale,
        created_at: verifiedAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ctx.users.others.push(row.id);
  }
  ctx.log(`seed: ${STAFF_AND_DEMO.length + OTHER_USERS.length} users (${Object.values(DEMO_ACCOUNTS).join(", ")})`);
}

/** Two open abuse reports, so the dashboard's report queue has something in it. */
async function seedReports(ctx: SeedContext): Promise<void> {
  const adverts = await ctx.db.selectFrom("advertisements").select("id").where("status", "=", "published").orderBy("id").limit(2).execute();
  await ctx.db
    .insertInto("reports")
    .values([
      {
        target_type: "advertisement",
        target_id: adverts[0]!.id,
        reason: "spam",
        message: "Це оголошення розміщене кілька разів.",
        reporter_id: ctx.users.others[0]!,
      },
      {
        target_type: "advertisement",
        target_id: adverts[1]!.id,
        reason: "fraud",
        message: "Просять передоплату на картку, схоже на шахрайство.",
        reporter_hash: "seed-anonymous",
      },
    ])
    .execute();
  ctx.log("seed: 2 reports");
}
