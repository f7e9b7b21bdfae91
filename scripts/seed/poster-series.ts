import { syncOccurrences } from "#app/modules/posters/occurrences.server.ts";
import { fromSiteFloating, toSiteFloating } from "#app/platform/format/site-zone.ts";
import { weekdayOf } from "#app/modules/posters/series.ts";
import { addressPoint } from "./places.ts";
import { categoryId, html, need, type SeedContext, uniqueSlug } from "./context.ts";

// Demo events that repeat (posters.recurrence): a weekly Saturday school with no end, and a
// monthly consular day twelve times. Their first date is the next one of the rule, in the
// site's zone; their dates are made as the editor's save makes them (syncOccurrences).

const DAY_MS = 24 * 60 * 60 * 1000;

/** The next site-zone wall time `hour`:00 on a day `pick` accepts, from `now` on. */
function nextWallTime(now: Date, hour: number, pick: (floatingDay: Date) => boolean): Date {
  const today = toSiteFloating(now);
  for (let offset = 0; offset < 70; offset++) {
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + offset, hour));
    if (pick(day) && fromSiteFloating(day) > now) return fromSiteFloating(day);
  }
  throw new Error("no date within ten weeks");
}

const SERIES = [
  {
    rule: "FREQ=WEEKLY;INTERVAL=1;BYDAY=SA",
    start: (now: Date) => nextWallTime(now, 10, (day) => weekdayOf(day) === "SA"),
    hours: 3,
    category: "dlia-ditei",
    tags: ["dity", "mova", "osvita"],
    image: "osvita",
    location: "varshava",
    address: "ul. Grochowska 120, Warszawa",
    organiser: "Українська суботня школа «Джерело»",
    uk: {
      title: "Суботня українська школа",
      venue: "Школа «Джерело», 2-й поверх",
      price: "безкоштовно",
      description: [
        "Щосуботи діти 6–14 років вивчають українську мову, літературу, історію та географію України.",
        "Заняття в групах за віком, із перервою на чай. Приходьте о 9:50, щоб записатися.",
      ],
    },
    en: {
      title: "Saturday Ukrainian school",
      venue: "“Dzherelo” school, 2nd floor",
      price: "free",
      description: [
        "Every Saturday children aged 6 to 14 learn the Ukrainian language, literature, history and geography.",
        "Classes in age groups, with a tea break. Come at 9:50 to sign up.",
      ],
    },
  },
  {
    rule: "FREQ=MONTHLY;INTERVAL=1;BYDAY=2TU;COUNT=12",
    // The second Tuesday: a Tuesday on the 8th to the 14th.
    start: (now: Date) => nextWallTime(now, 10, (day) => weekdayOf(day) === "TU" && day.getUTCDate() >= 8 && day.getUTCDate() <= 14),
    hours: 4,
    category: "zustrichi",
    tags: ["dokumenty"],
    image: null,
    location: "krakiv",
    address: "ul. Kamienna 4, Kraków",
    organiser: "Консульство України",
    uk: {
      title: "Консульський день у Кракові",
      venue: "Український дім",
      price: "безкоштовно",
      description: [
        "Виїзний прийом консула: паспорти, довіреності, консульський облік і довідки.",
        "Запис обов’язковий; візьміть із собою паспорт і копії документів.",
      ],
    },
    en: {
      title: "Consular day in Kraków",
      venue: "Ukrainian House",
      price: "free",
      description: [
        "The consul receives visitors on the road: passports, powers of attorney, consular registration and certificates.",
        "Booking required; bring your passport and copies of your documents.",
      ],
    },
  },
];

export async function seedPosterSeries(ctx: SeedContext): Promise<void> {
  const slugs = new Set<string>();
  for (const item of SERIES) {
    const startsAt = item.start(ctx.now);
    const row = await ctx.db
      .insertInto("posters")
      .values({
        slug: uniqueSlug(item.uk.title, slugs),
        title_uk: item.uk.title,
        title_en: item.en.title,
        description_uk: html(item.uk.description)!,
        description_en: html(item.en.description),
        category_id: categoryId(ctx, "poster", item.category),
        cover_image_id: item.image ? need(ctx.images, item.image, "image") : null,
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + item.hours * 60 * 60 * 1000),
        recurrence: item.rule,
        venue_uk: item.uk.venue,
        venue_en: item.en.venue,
        address: item.address,
        ...addressPoint(item.address),
        location_id: need(ctx.locations, item.location, "location"),
        price_text_uk: item.uk.price,
        price_text_en: item.en.price,
        organiser: item.organiser,
        status: "published",
        published_at: new Date(ctx.now.getTime() - 3 * DAY_MS),
        author_id: ctx.users.editor,
        view_count: 40,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto("poster_tags")
      .values(item.tags.map((tag) => ({ poster_id: row.id, tag_id: need(ctx.tags, tag, "tag") })))
      .execute();
    await syncOccurrences(ctx.db, row.id, ctx.now);
  }
  ctx.log(`seed: ${SERIES.length} repeating events`);
}
