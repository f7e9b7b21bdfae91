import { addressPoint } from "./places.ts";
import { categoryId, daysAgo, html, need, type SeedContext, type Texts, uniqueSlug } from "./context.ts";

type PosterText = { title: string; description: string[]; venue: string; price: string };
type PosterSeed = Texts<PosterText> & {
  category: string;
  tags: string[];
  image: string | null;
  location: string;
  address: string;
  /** Days from the seed time to the start (negative: in the past), and the hour of day (UTC). */
  inDays: number;
  hour: number;
  /** Length in hours; multi-day events use days * 24. */
  hours?: number;
  organiser: string;
  ticketUrl?: string;
  /** Places for "I'm going", and the demo accounts already going (so the event can show full). */
  capacity?: number;
  going?: Array<"admin" | "editor" | "user">;
};

const POSTERS: PosterSeed[] = [
  {
    category: "kontserty",
    tags: ["kontsert", "blahodiinist"],
    image: "kontsert",
    location: "varshava",
    address: "ul. Marszałkowska 10, Warszawa",
    inDays: 5,
    hour: 18,
    hours: 2,
    organiser: "Фонд «Разом»",
    ticketUrl: "https://tickets.example/razom-warszawa",
    uk: {
      title: "Благодійний концерт «Голоси надії»",
      venue: "Зала Варшавської філармонії",
      price: "від 60 злотих",
      description: [
        "Вечір української хорової музики та сучасних пісень у виконанні молодих артистів.",
        "Усі кошти від продажу квитків підуть на підтримку дитячих реабілітаційних центрів.",
      ],
    },
    en: {
      title: "Charity concert “Voices of Hope”",
      venue: "Warsaw Philharmonic hall",
      price: "from 60 PLN",
      description: [
        "An evening of Ukrainian choral music and contemporary songs performed by young artists.",
        "All ticket proceeds will support children's rehabilitation centres.",
      ],
    },
  },
  {
    category: "festyvali",
    tags: ["vyshyvanka", "kukhnia", "sviata"],
    image: "vyshyvanka",
    location: "krakiv",
    address: "Rynek Główny, Kraków",
    inDays: 12,
    hour: 10,
    hours: 2 * 24,
    organiser: "Українська громада Кракова",
    uk: {
      title: "Ярмарок «Українська хата»",
      venue: "Ринкова площа",
      price: "вхід вільний",
      description: [
        "Два дні ремесел, народної кухні та музики просто неба.",
        "Майстрині показуватимуть писанкарство, ткацтво та вишивку, діти зможуть змайструвати ляльку-мотанку.",
      ],
    },
    en: {
      title: "“Ukrainian House” fair",
      venue: "Main Market Square",
      price: "free entry",
      description: [
        "Two days of crafts, traditional food and open-air music.",
        "Craftswomen will demonstrate egg painting, weaving and embroidery, and children can make a motanka doll.",
      ],
    },
  },
  {
    category: "dlia-ditei",
    tags: ["dity", "mova"],
    image: "osvita",
    location: "berlin",
    address: "Kantstraße 20, Berlin",
    inDays: 3,
    hour: 11,
    hours: 1.5,
    organiser: "Суботня школа «Дивосвіт»",
    uk: {
      title: "Лялькова вистава «Рукавичка»",
      venue: "Зала суботньої школи",
      price: "5 євро",
      description: ["Казка для наймолодших глядачів українською мовою.", "Після вистави — майстер-клас з виготовлення пальчикових ляльок."],
    },
    en: {
      title: "Puppet show “The Mitten”",
      venue: "Saturday school hall",
      price: "5 EUR",
      description: ["A fairy tale in Ukrainian for the youngest audience.", "After the show there is a finger-puppet workshop."],
    },
  },
  {
    category: "vystavky",
    tags: ["mystetstvo", "kultura"],
    image: "mystetstvo",
    location: "niu-iork",
    address: "222 E 6th St, New York",
    inDays: -10,
    hour: 16,
    hours: 60 * 24,
    organiser: "Музей української культури",
    ticketUrl: "https://museum.example/home-at-a-distance",
    uk: {
      title: "Виставка «Дім на відстані»",
      venue: "Музей української культури",
      price: "$10, студентам — $5",
      description: [
        "Живопис, фотографія та інсталяції двадцяти українських митців із діаспори.",
        "Екскурсії українською щосуботи о 15:00.",
      ],
    },
    en: {
      title: "Exhibition “Home at a Distance”",
      venue: "Museum of Ukrainian Culture",
      price: "$10, students $5",
      description: [
        "Painting, photography and installations by twenty Ukrainian artists of the diaspora.",
        "Guided tours in Ukrainian every Saturday at 15:00.",
      ],
    },
  },
  {
    category: "maister-klasy",
    tags: ["mystetstvo"],
    image: "mystetstvo",
    location: "praha",
    address: "Legerova 5, Praha",
    inDays: 8,
    hour: 17,
    hours: 3,
    organiser: "Студія «Калина»",
    uk: {
      title: "Майстер-клас з петриківського розпису",
      venue: "Український культурний центр",
      price: "300 крон, матеріали включено",
      description: ["Навчимося основних елементів петриківки і розпишемо дерев'яну дощечку.", "Підходить для початківців від 10 років."],
    },
    en: {
      title: "Petrykivka painting workshop",
      venue: "Ukrainian Cultural Centre",
      price: "300 CZK, materials included",
      description: [
        "Learn the basic elements of Petrykivka painting and decorate a wooden board.",
        "Suitable for beginners aged 10 and over.",
      ],
    },
  },
  {
    category: "zustrichi",
    tags: ["dokumenty"],
    image: null,
    location: "vrotslav",
    address: "ul. Świdnicka 3, Wrocław",
    inDays: 2,
    hour: 17,
    hours: 2,
    organiser: "Юридична приймальня громади",
    uk: {
      title: "Лекція «Легалізація роботи в Польщі»",
      venue: "Конференц-зала громади",
      price: "безкоштовно",
      description: [
        "Юристка розповість про дозволи на роботу, договори та права працівників.",
        "Наприкінці — відповіді на запитання з залу.",
      ],
    },
    en: {
      title: "Talk: “Working legally in Poland”",
      venue: "Community conference room",
      price: "free",
      description: ["A lawyer explains work permits, contracts and workers' rights.", "Questions from the audience at the end."],
    },
  },
  {
    category: "kontserty",
    tags: ["kontsert", "kultura"],
    image: "kontsert",
    location: "london",
    address: "154 Holland Park Ave, London",
    inDays: 20,
    hour: 19,
    hours: 2,
    organiser: "Українська громада Лондона",
    ticketUrl: "https://tickets.example/bandura-london",
    uk: {
      title: "Вечір бандурної музики",
      venue: "Український клуб",
      price: "£15",
      description: ["Класичні думи, народні пісні та сучасні аранжування для бандури.", "Виступає тріо бандуристок з Києва."],
    },
    en: {
      title: "An evening of bandura music",
      venue: "Ukrainian Club",
      price: "£15",
      description: [
        "Classical dumy, folk songs and modern arrangements for the bandura.",
        "Performed by a trio of bandura players from Kyiv.",
      ],
    },
  },
  {
    category: "festyvali",
    tags: ["kukhnia", "sviata"],
    image: "kukhnia",
    location: "toronto",
    address: "2445 Bloor St W, Toronto",
    inDays: 30,
    hour: 12,
    hours: 8,
    organiser: "Ukrainian Festival Toronto",
    uk: {
      title: "Фестиваль вареників",
      venue: "Парк на Блур-Вест",
      price: "вхід вільний",
      description: [
        "Вареники з картоплею, капустою, вишнями та сиром від десятка господинь.",
        "Для дітей — аніматори, для дорослих — концерт.",
      ],
    },
    en: {
      title: "Varenyky festival",
      venue: "Bloor West park",
      price: "free entry",
      description: [
        "Varenyky with potato, cabbage, cherries and cheese from a dozen cooks.",
        "Entertainers for children and a concert for adults.",
      ],
    },
  },
  {
    category: "dlia-ditei",
    tags: ["dity", "sviata"],
    image: "hromada",
    location: "varshava",
    address: "ul. Grochowska 120, Warszawa",
    inDays: 25,
    hour: 12,
    hours: 3,
    organiser: "Український культурний центр",
    uk: {
      title: "Свято Миколая для дітей",
      venue: "Український культурний центр",
      price: "вхід вільний за реєстрацією",
      description: ["Вистава, колядки і подарунки від святого Миколая.", "Реєстрація обов'язкова: кількість подарунків обмежена."],
    },
    en: {
      title: "St Nicholas Day for children",
      venue: "Ukrainian Cultural Centre",
      price: "free, registration required",
      description: ["A play, carols and presents from St Nicholas.", "Registration is required: presents are limited."],
    },
  },
  {
    category: "zustrichi",
    tags: ["istoriia"],
    image: null,
    location: "berlin",
    address: "Unter den Linden 6, Berlin",
    inDays: 15,
    hour: 18,
    hours: 2,
    organiser: "Німецько-українське товариство",
    uk: {
      title: "Лекція «Українська еміграція у Німеччині: сто років історії»",
      venue: "Зала університету",
      price: "безкоштовно",
      description: ["Історик розповість про хвилі української еміграції до Німеччини від 1920-х років до сьогодні."],
    },
  },
  {
    category: "maister-klasy",
    tags: ["kukhnia"],
    image: "kukhnia",
    location: "london",
    address: "Acton High St 80, London",
    inDays: 9,
    hour: 14,
    hours: 3,
    organiser: "Кулінарна студія «Смак»",
    uk: {
      title: "Кулінарний майстер-клас: різдвяні страви",
      venue: "Кулінарна студія «Смак»",
      price: "£25",
      description: ["Готуємо кутю, узвар і пампушки за традиційними рецептами.", "Все приготоване — смакуємо разом."],
    },
    en: {
      title: "Cooking class: Christmas dishes",
      venue: "Smak cooking studio",
      price: "£25",
      description: ["We cook kutia, uzvar and pampushky to traditional recipes.", "Then we eat everything together."],
    },
  },
  {
    category: "vystavky",
    tags: ["vyshyvanka", "istoriia"],
    image: "vyshyvanka",
    location: "toronto",
    address: "620 Spadina Ave, Toronto",
    inDays: 6,
    hour: 10,
    hours: 45 * 24,
    organiser: "Музей вишивки",
    uk: {
      title: "Виставка старовинних рушників",
      venue: "Український музей Канади",
      price: "$8",
      description: ["Понад сто рушників XIX–XX століть з приватних колекцій родин діаспори."],
    },
    en: {
      title: "Exhibition of antique rushnyky",
      venue: "Ukrainian Museum of Canada",
      price: "$8",
      description: ["More than a hundred embroidered towels from the 19th and 20th centuries, lent by diaspora families."],
    },
  },
  {
    category: "kontserty",
    tags: ["kontsert"],
    image: "kontsert",
    location: "praha",
    address: "Palackého 1, Praha",
    inDays: 40,
    hour: 19,
    hours: 2,
    organiser: "Агенція «Звук»",
    ticketUrl: "https://tickets.example/rock-praha",
    uk: {
      title: "Концерт українського рок-гурту в Празі",
      venue: "Клуб «Lucerna»",
      price: "від 450 крон",
      description: ["Великий концерт у межах європейського туру.", "Частина коштів — на підтримку ЗСУ."],
    },
    en: {
      title: "Ukrainian rock band live in Prague",
      venue: "Lucerna club",
      price: "from 450 CZK",
      description: ["A big show as part of the European tour.", "Part of the proceeds supports Ukraine's defenders."],
    },
  },
  {
    category: "zustrichi",
    tags: ["robota"],
    image: "hromada",
    location: "vrotslav",
    address: "ul. Oławska 2, Wrocław",
    inDays: 18,
    hour: 10,
    hours: 6,
    organiser: "Центр кар'єри",
    uk: {
      title: "Ярмарок вакансій",
      venue: "Конгрес-центр",
      price: "вхід вільний",
      description: ["Понад тридцять роботодавців, консультації з резюме та співбесідами."],
    },
    en: {
      title: "Job fair",
      venue: "Congress Centre",
      price: "free entry",
      description: ["More than thirty employers, plus advice on CVs and interviews."],
    },
  },
  {
    category: "dlia-ditei",
    tags: ["dity", "sport"],
    image: null,
    location: "krakiv",
    address: "ul. Kamienna 4, Kraków",
    inDays: 45,
    hour: 9,
    hours: 5 * 24,
    organiser: "Пласт, станиця Краків",
    uk: {
      title: "Зимовий табір для дітей",
      venue: "База відпочинку в Закопаному",
      price: "900 злотих",
      description: ["П'ять днів у горах: лижі, ігри, ватра і колядки.", "Для дітей 8–15 років."],
    },
    en: {
      title: "Winter camp for children",
      venue: "Holiday centre in Zakopane",
      price: "900 PLN",
      description: ["Five days in the mountains: skiing, games, a campfire and carols.", "For children aged 8 to 15."],
    },
  },
  {
    category: "kontserty",
    tags: ["kontsert", "sviata"],
    image: "kontsert",
    location: "niu-iork",
    address: "30 E 7th St, New York",
    inDays: 33,
    hour: 17,
    hours: 2,
    organiser: "Хор «Думка»",
    uk: {
      title: "Різдвяний концерт хору «Думка»",
      venue: "Собор святого Юра",
      price: "пожертва за бажанням",
      description: ["Колядки та щедрівки у виконанні одного з найстаріших хорів діаспори."],
    },
    en: {
      title: "Christmas concert of the Dumka choir",
      venue: "St George's Cathedral",
      price: "donation",
      description: ["Carols and shchedrivky sung by one of the diaspora's oldest choirs."],
    },
  },
  {
    category: "zustrichi",
    tags: ["mova"],
    image: null,
    location: "london",
    address: "Online",
    inDays: -3,
    hour: 19,
    hours: 1.5,
    organiser: "Розмовний клуб «Слово»",
    uk: {
      title: "Розмовний клуб англійської мови",
      venue: "Онлайн",
      price: "безкоштовно",
      description: ["Практикуємо англійську в невимушеній атмосфері: теми на щодень, робота, лікар, школа."],
    },
    en: {
      title: "English conversation club",
      venue: "Online",
      price: "free",
      description: ["Practise English in a relaxed setting: everyday topics, work, the doctor, school."],
    },
  },
  {
    category: "festyvali",
    tags: ["kultura", "sviata"],
    image: "hromada",
    location: "berlin",
    address: "Tempelhofer Feld, Berlin",
    inDays: -35,
    hour: 11,
    hours: 2 * 24,
    organiser: "Українська громада Берліна",
    uk: {
      title: "Фестиваль «Українська осінь»",
      venue: "Темпельгофер Фельд",
      price: "вхід вільний",
      description: ["Музика, кухня і ремесла під відкритим небом."],
    },
    en: {
      title: "“Ukrainian Autumn” festival",
      venue: "Tempelhofer Feld",
      price: "free entry",
      description: ["Open-air music, food and crafts."],
    },
  },
  {
    category: "vystavky",
    tags: ["mystetstvo"],
    image: "mystetstvo",
    location: "varshava",
    address: "ul. Mazowiecka 11, Warszawa",
    inDays: -50,
    hour: 12,
    hours: 20 * 24,
    organiser: "Галерея «Схід»",
    uk: {
      title: "Фотовиставка «Міста, які чекають»",
      venue: "Галерея «Схід»",
      price: "20 злотих",
      description: ["Світлини українських міст до і після 2022 року."],
    },
  },
  {
    category: "maister-klasy",
    tags: ["vyshyvanka", "sviata"],
    image: "vyshyvanka",
    location: "praha",
    address: "Legerova 5, Praha",
    inDays: -14,
    hour: 16,
    hours: 3,
    organiser: "Студія «Калина»",
    uk: {
      title: "Майстер-клас з писанкарства",
      venue: "Український культурний центр",
      price: "250 крон",
      description: ["Розписуємо писанки воском за гуцульськими мотивами."],
    },
    en: {
      title: "Pysanka egg painting workshop",
      venue: "Ukrainian Cultural Centre",
      price: "250 CZK",
      description: ["We decorate eggs with wax in Hutsul patterns."],
    },
  },
  {
    category: "kontserty",
    tags: ["kontsert", "blahodiinist"],
    image: "kontsert",
    location: "toronto",
    address: "60 Simcoe St, Toronto",
    inDays: -21,
    hour: 19,
    hours: 2,
    organiser: "Фонд «Серце»",
    uk: {
      title: "Благодійний джазовий вечір",
      venue: "Рой Томсон Хол",
      price: "$40",
      description: ["Український джаз і блюз на підтримку лікарень."],
    },
    en: {
      title: "Charity jazz night",
      venue: "Roy Thomson Hall",
      price: "$40",
      description: ["Ukrainian jazz and blues in support of hospitals."],
    },
  },
  {
    category: "dlia-ditei",
    tags: ["dity"],
    image: "osvita",
    location: "vrotslav",
    address: "ul. Ruska 46, Wrocław",
    inDays: -7,
    hour: 11,
    hours: 2,
    organiser: "Дитячий клуб «Сонечко»",
    uk: {
      title: "Дитяча вистава «Котигорошко»",
      venue: "Театр ляльок",
      price: "25 злотих",
      description: ["Весела вистава за мотивами української казки для дітей 4–10 років."],
    },
    en: {
      title: "Children's play “Kotyhoroshko”",
      venue: "Puppet theatre",
      price: "25 PLN",
      description: ["A merry play based on a Ukrainian fairy tale for children aged 4 to 10."],
    },
  },
  {
    // Full with the two staff accounts going: the demo user meets the waiting list.
    category: "maister-klasy",
    tags: ["sviata"],
    image: "vyshyvanka",
    location: "krakiv",
    address: "ul. Józefa 12, Kraków",
    inDays: 6,
    hour: 15,
    hours: 3,
    organiser: "Студія «Калина»",
    capacity: 2,
    going: ["admin", "editor"],
    uk: {
      title: "Майстер-клас писанкарства",
      venue: "Майстерня «Писанкова хата»",
      price: "80 злотих, матеріали включено",
      description: [
        "Пишемо писанки бджолиним воском і природними барвниками: від перших ліній до готового візерунка.",
        "Лише два місця за столом майстрині; якщо місць немає, запишіться в список очікування.",
      ],
    },
    en: {
      title: "Pysanka workshop",
      venue: "“Pysanka House” studio",
      price: "80 PLN, materials included",
      description: [
        "We write pysanky with beeswax and natural dyes, from the first lines to a finished pattern.",
        "Only two places at the craftswoman's table; when they are taken, join the waiting list.",
      ],
    },
  },
];

export async function seedPosters(ctx: SeedContext): Promise<void> {
  const slugs = new Set<string>();
  for (const [index, item] of POSTERS.entries()) {
    const day = new Date(ctx.now);
    day.setUTCDate(day.getUTCDate() + item.inDays);
    day.setUTCHours(item.hour, 0, 0, 0);
    const endsAt = item.hours ? new Date(day.getTime() + item.hours * 60 * 60 * 1000) : null;
    const row = await ctx.db
      .insertInto("posters")
      .values({
        slug: uniqueSlug(item.uk.title, slugs),
        title_uk: item.uk.title,
        title_en: item.en?.title ?? null,
        description_uk: html(item.uk.description)!,
        description_en: html(item.en?.description),
        category_id: categoryId(ctx, "poster", item.category),
        cover_image_id: item.image ? need(ctx.images, item.image, "image") : null,
        starts_at: day,
        ends_at: endsAt,
        venue_uk: item.uk.venue,
        venue_en: item.en?.venue ?? null,
        address: item.address,
        ...addressPoint(item.address),
        location_id: need(ctx.locations, item.location, "location"),
        price_text_uk: item.uk.price,
        price_text_en: item.en?.price ?? null,
        ticket_url: item.ticketUrl ?? null,
        organiser: item.organiser,
        capacity: item.capacity ?? null,
        status: "published",
        // Announced two weeks before it starts, or a few days ago for the upcoming ones.
        published_at: new Date(Math.min(daysAgo(ctx.now, 1 + (index % 5)).getTime(), daysAgo(day, 14).getTime())),
        author_id: ctx.users.editor,
        view_count: 30 + index * 11,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (item.tags.length > 0) {
      await ctx.db
        .insertInto("poster_tags")
        .values(item.tags.map((tag) => ({ poster_id: row.id, tag_id: need(ctx.tags, tag, "tag") })))
        .execute();
    }
    if (item.going?.length) await seedGoing(ctx, row.id, item.going);
  }
  ctx.log(`seed: ${POSTERS.length} posters`);
}

/** The demo accounts going to the event's one date (its trigger made it with the poster). */
async function seedGoing(ctx: SeedContext, posterId: number, who: Array<"admin" | "editor" | "user">): Promise<void> {
  const date = await ctx.db.selectFrom("poster_occurrences").select("id").where("poster_id", "=", posterId).executeTakeFirstOrThrow();
  await ctx.db
    .insertInto("poster_rsvps")
    .values(who.map((account) => ({ poster_id: posterId, occurrence_id: date.id, user_id: ctx.users[account], status: "going" })))
    .execute();
}
