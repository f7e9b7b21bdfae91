import { LOCATION_POINTS } from "./places.ts";
import type { CategoryKind } from "#db/schema.ts";
import type { SeedContext } from "./context.ts";

type CategorySeed = { slug: string; uk: string; en: string; parent?: string };

const CATEGORIES: Record<CategoryKind, CategorySeed[]> = {
  news: [
    { slug: "hromada", uk: "Громада", en: "Community" },
    { slug: "kultura", uk: "Культура", en: "Culture" },
    { slug: "osvita", uk: "Освіта", en: "Education" },
    { slug: "dokumenty", uk: "Документи і право", en: "Documents and law" },
    { slug: "volonterstvo", uk: "Волонтерство", en: "Volunteering" },
    { slug: "sport", uk: "Спорт", en: "Sport" },
  ],
  poster: [
    { slug: "kontserty", uk: "Концерти", en: "Concerts" },
    { slug: "vystavky", uk: "Виставки", en: "Exhibitions" },
    { slug: "festyvali", uk: "Фестивалі та ярмарки", en: "Festivals and fairs" },
    { slug: "dlia-ditei", uk: "Для дітей", en: "For children" },
    { slug: "maister-klasy", uk: "Майстер-класи", en: "Workshops" },
    { slug: "zustrichi", uk: "Зустрічі та лекції", en: "Meetings and talks" },
  ],
  service: [
    { slug: "yurysty", uk: "Юристи та документи", en: "Lawyers and paperwork" },
    { slug: "medytsyna", uk: "Медицина", en: "Health" },
    { slug: "krasa", uk: "Краса і догляд", en: "Beauty" },
    { slug: "pereklady", uk: "Переклади", en: "Translation" },
    { slug: "remont", uk: "Ремонт і будівництво", en: "Repairs and building" },
    { slug: "navchannia", uk: "Навчання", en: "Tutoring and courses" },
    { slug: "yizha", uk: "Їжа та кейтеринг", en: "Food and catering" },
    { slug: "perevezennia", uk: "Перевезення", en: "Transport and moving" },
  ],
  advertisement: [
    { slug: "robota", uk: "Робота", en: "Jobs" },
    { slug: "zhytlo", uk: "Житло", en: "Housing" },
    { slug: "orenda-kvartyr", uk: "Оренда квартир", en: "Flats to rent", parent: "zhytlo" },
    { slug: "kimnaty", uk: "Кімнати", en: "Rooms", parent: "zhytlo" },
    { slug: "transport", uk: "Транспорт", en: "Vehicles" },
    { slug: "elektronika", uk: "Електроніка", en: "Electronics" },
    { slug: "dim-i-sad", uk: "Дім і сад", en: "Home and garden" },
    { slug: "dytiachi-rechi", uk: "Дитячі речі", en: "Kids' things" },
    { slug: "odiah", uk: "Одяг і взуття", en: "Clothes and shoes" },
    { slug: "posluhy", uk: "Послуги", en: "Services" },
    { slug: "viddam-bezkoshtovno", uk: "Віддам безкоштовно", en: "Free stuff" },
  ],
};

const TAGS: Array<{ slug: string; uk: string; en: string }> = [
  { slug: "vyshyvanka", uk: "Вишиванка", en: "Embroidery" },
  { slug: "volontery", uk: "Волонтери", en: "Volunteers" },
  { slug: "dity", uk: "Діти", en: "Children" },
  { slug: "mova", uk: "Мова", en: "Language" },
  { slug: "dokumenty", uk: "Документи", en: "Documents" },
  { slug: "kultura", uk: "Культура", en: "Culture" },
  { slug: "kontsert", uk: "Концерт", en: "Concert" },
  { slug: "blahodiinist", uk: "Благодійність", en: "Charity" },
  { slug: "osvita", uk: "Освіта", en: "Education" },
  { slug: "robota", uk: "Робота", en: "Work" },
  { slug: "sport", uk: "Спорт", en: "Sport" },
  { slug: "sviata", uk: "Свята", en: "Holidays" },
  { slug: "kukhnia", uk: "Кухня", en: "Food" },
  { slug: "istoriia", uk: "Історія", en: "History" },
  { slug: "mystetstvo", uk: "Мистецтво", en: "Art" },
];

const LOCATIONS: Array<{ slug: string; uk: string; en: string }> = [
  { slug: "varshava", uk: "Варшава", en: "Warsaw" },
  { slug: "krakiv", uk: "Краків", en: "Kraków" },
  { slug: "vrotslav", uk: "Вроцлав", en: "Wrocław" },
  { slug: "berlin", uk: "Берлін", en: "Berlin" },
  { slug: "praha", uk: "Прага", en: "Prague" },
  { slug: "london", uk: "Лондон", en: "London" },
  { slug: "toronto", uk: "Торонто", en: "Toronto" },
  { slug: "niu-iork", uk: "Нью-Йорк", en: "New York" },
  { slug: "velichka", uk: "Величка", en: "Wieliczka" },
  { slug: "katovitse", uk: "Катовіце", en: "Katowice" },
  { slug: "lodz", uk: "Лодзь", en: "Łódź" },
  { slug: "prushkuv", uk: "Прушків", en: "Pruszków" },
  { slug: "potsdam", uk: "Потсдам", en: "Potsdam" },
];

export async function seedTaxonomy(ctx: SeedContext): Promise<void> {
  for (const [kind, list] of Object.entries(CATEGORIES) as Array<[CategoryKind, CategorySeed[]]>) {
    for (const [position, category] of list.entries()) {
      const row = await ctx.db
        .insertInto("categories")
        .values({
          kind,
          slug: category.slug,
          name_uk: category.uk,
          name_en: category.en,
          position,
          parent_id: category.parent ? (ctx.categories.get(`${kind}:${category.parent}`) ?? null) : null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      ctx.categories.set(`${kind}:${category.slug}`, row.id);
    }
  }
  const tags = await ctx.db
    .insertInto("tags")
    .values(TAGS.map((tag) => ({ slug: tag.slug, name_uk: tag.uk, name_en: tag.en })))
    .returning(["id", "slug"])
    .execute();
  for (const tag of tags) ctx.tags.set(tag.slug, tag.id);
  const locations = await ctx.db
    .insertInto("locations")
    .values(
      LOCATIONS.map((l, position) => {
        const [latitude, longitude] = LOCATION_POINTS[l.slug] ?? [null, null];
        return { slug: l.slug, name_uk: l.uk, name_en: l.en, position, latitude, longitude };
      }),
    )
    .returning(["id", "slug"])
    .execute();
  for (const location of locations) ctx.locations.set(location.slug, location.id);
  ctx.log(`seed: ${ctx.categories.size} categories, ${tags.length} tags, ${locations.length} locations`);
}
