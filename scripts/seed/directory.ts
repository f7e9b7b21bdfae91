import { addressPoint } from "./places.ts";
import type { SocialLinks } from "#db/schema.ts";
import { categoryId, daysAgo, html, need, type SeedContext, type Texts, uniqueSlug } from "./context.ts";

type EntryText = { name: string; description: string[] };
type Contacts = { phone?: string; email?: string; website?: string; address?: string; social?: SocialLinks };
type ServiceSeed = Texts<EntryText> & Contacts & { category: string; location: string; logo?: string };
type DiasporaSeed = Texts<EntryText> & Contacts & { location: string; logo?: string };

const SERVICES: ServiceSeed[] = [
  {
    category: "yurysty",
    location: "varshava",
    logo: "logo-servis",
    phone: "+48 22 100 20 30",
    email: "biuro@prawo-ua.example",
    website: "https://prawo-ua.example",
    address: "ul. Hoża 12/4, Warszawa",
    social: { facebook: "https://facebook.com/prawo.ua.example" },
    uk: {
      name: "Юридична фірма «Право і справа»",
      description: [
        "Легалізація перебування і праці, карти побиту, реєстрація бізнесу в Польщі.",
        "Консультації українською, польською та англійською.",
      ],
    },
    en: {
      name: "“Law and Business” legal firm",
      description: [
        "Residence and work legalisation, residence cards and business registration in Poland.",
        "Consultations in Ukrainian, Polish and English.",
      ],
    },
  },
  {
    category: "medytsyna",
    location: "varshava",
    logo: "logo-sertse",
    phone: "+48 22 555 01 01",
    website: "https://zdorovia.example",
    address: "al. Jerozolimskie 55, Warszawa",
    uk: {
      name: "Медичний центр «Здоров'я»",
      description: ["Терапевт, педіатр, гінеколог і стоматолог, які говорять українською.", "Приймаємо за страховкою NFZ та приватно."],
    },
    en: {
      name: "Zdorovia Medical Centre",
      description: [
        "General practitioner, paediatrician, gynaecologist and dentist who speak Ukrainian.",
        "NFZ insurance and private patients.",
      ],
    },
  },
  {
    category: "pereklady",
    location: "krakiv",
    phone: "+48 12 400 50 60",
    email: "tlumacz@slovo.example",
    address: "ul. Karmelicka 7, Kraków",
    uk: {
      name: "Бюро перекладів «Слово»",
      description: ["Присяжні переклади з української, російської та англійської на польську.", "Апостиль і легалізація документів."],
    },
    en: {
      name: "Slovo Translation Agency",
      description: ["Sworn translations from Ukrainian, Russian and English into Polish.", "Apostille and document legalisation."],
    },
  },
  {
    category: "krasa",
    location: "krakiv",
    phone: "+48 600 700 800",
    social: { instagram: "https://instagram.com/oksana.beauty.example" },
    address: "ul. Długa 30, Kraków",
    uk: {
      name: "Салон краси «Оксана»",
      description: ["Стрижки, фарбування, манікюр і догляд за обличчям.", "Запис за телефоном або в Instagram."],
    },
  },
  {
    category: "remont",
    location: "berlin",
    logo: "logo-servis",
    phone: "+49 30 1234 5678",
    email: "info@meister-ua.example",
    website: "https://meister-ua.example",
    uk: {
      name: "Ремонтна бригада «Майстер»",
      description: ["Ремонт квартир під ключ, плитка, гіпсокартон, електрика.", "Працюємо з 2015 року, даємо гарантію на роботи."],
    },
    en: {
      name: "Meister renovation team",
      description: ["Turnkey flat renovation, tiling, drywall and electrics.", "In business since 2015, with a warranty on all work."],
    },
  },
  {
    category: "navchannia",
    location: "berlin",
    phone: "+49 176 9876 5432",
    email: "kurs@deutsch-leicht.example",
    website: "https://deutsch-leicht.example",
    address: "Kantstraße 20, Berlin",
    uk: {
      name: "Мовна школа «Deutsch leicht»",
      description: ["Інтенсивні курси німецької від A1 до C1, підготовка до іспитів telc і Goethe.", "Викладачі пояснюють українською."],
    },
    en: {
      name: "“Deutsch leicht” language school",
      description: ["Intensive German courses from A1 to C1, preparation for telc and Goethe exams.", "Teachers explain in Ukrainian."],
    },
  },
  {
    category: "yizha",
    location: "berlin",
    phone: "+49 30 8765 4321",
    website: "https://varenyk.example",
    address: "Wilmersdorfer Str. 90, Berlin",
    social: { instagram: "https://instagram.com/varenyk.example", facebook: "https://facebook.com/varenyk.example" },
    uk: { name: "Кафе «Варенична»", description: ["Домашні вареники, борщ, голубці та деруни.", "Кейтеринг для свят і корпоративів."] },
    en: {
      name: "Varenychna café",
      description: ["Homemade varenyky, borscht, holubtsi and potato pancakes.", "Catering for celebrations and company events."],
    },
  },
  {
    category: "perevezennia",
    location: "praha",
    phone: "+420 777 123 456",
    email: "info@doroha.example",
    uk: {
      name: "Перевізник «Дорога додому»",
      description: ["Рейси Прага — Львів — Київ тричі на тиждень.", "Перевезення посилок і невеликих вантажів."],
    },
    en: { name: "“Road Home” coaches", description: ["Prague – Lviv – Kyiv trips three times a week.", "Parcels and small freight."] },
  },
  {
    category: "yurysty",
    location: "praha",
    phone: "+420 222 333 444",
    email: "office@advokat-ua.example",
    website: "https://advokat-ua.example",
    address: "Václavské nám. 20, Praha",
    uk: {
      name: "Адвокатка Наталія Гнатюк",
      description: ["Візи, дозволи на проживання, сімейне право.", "Перша консультація 30 хвилин — безкоштовно."],
    },
    en: {
      name: "Nataliia Hnatiuk, attorney",
      description: ["Visas, residence permits and family law.", "First 30-minute consultation free."],
    },
  },
  {
    category: "medytsyna",
    location: "praha",
    phone: "+420 608 555 777",
    address: "Vinohradská 100, Praha",
    uk: {
      name: "Стоматологія «Усмішка»",
      description: ["Лікування, протезування та професійна гігієна.", "Лікарі з України з чеською ліцензією."],
    },
    en: {
      name: "Usmishka Dental",
      description: ["Treatment, prosthetics and hygiene.", "Ukrainian dentists licensed in the Czech Republic."],
    },
  },
  {
    category: "pereklady",
    location: "london",
    phone: "+44 20 7946 0001",
    email: "hello@translate-ua.example",
    website: "https://translate-ua.example",
    uk: {
      name: "Certified Translations UA",
      description: ["Сертифіковані переклади для Home Office, DVLA, університетів.", "Виконуємо за 24 години."],
    },
    en: {
      name: "Certified Translations UA",
      description: ["Certified translations for the Home Office, DVLA and universities.", "24-hour turnaround."],
    },
  },
  {
    category: "krasa",
    location: "london",
    phone: "+44 7700 900123",
    social: { instagram: "https://instagram.com/kvitka.studio.example" },
    address: "Acton High St 12, London",
    uk: { name: "Студія «Квітка»", description: ["Брови, вії та макіяж.", "Знижка 10% для новоприбулих українок."] },
    en: { name: "Kvitka Studio", description: ["Brows, lashes and make-up.", "10% off for newly arrived Ukrainian women."] },
  },
  {
    category: "navchannia",
    location: "toronto",
    logo: "logo-hromada",
    phone: "+1 416 555 0199",
    website: "https://ridna-shkola.example",
    address: "2445 Bloor St W, Toronto",
    uk: {
      name: "Рідна школа Торонто",
      description: ["Суботні заняття українською для дітей 4–16 років.", "Мова, література, історія, танці."],
    },
    en: {
      name: "Ridna Shkola Toronto",
      description: ["Saturday classes in Ukrainian for children aged 4 to 16.", "Language, literature, history and dance."],
    },
  },
  {
    category: "remont",
    location: "toronto",
    phone: "+1 647 555 0142",
    email: "office@bud-master.example",
    uk: {
      name: "Будівельна компанія «Будмайстер»",
      description: ["Реновація будинків, бейсменти, покрівля.", "Ліцензія та страхування в Онтаріо."],
    },
    en: { name: "Budmaister Construction", description: ["Home renovation, basements and roofing.", "Licensed and insured in Ontario."] },
  },
  {
    category: "yizha",
    location: "niu-iork",
    phone: "+1 212 555 0177",
    website: "https://veselka-deli.example",
    address: "2nd Ave 144, New York",
    uk: {
      name: "Крамниця «Смаколики»",
      description: ["Українські продукти, домашня ковбаса, сало, випічка.", "Доставка по Мангеттену і Брукліну."],
    },
    en: {
      name: "Smakolyky deli",
      description: ["Ukrainian groceries, homemade sausage, salo and pastries.", "Delivery in Manhattan and Brooklyn."],
    },
  },
  {
    category: "perevezennia",
    location: "vrotslav",
    phone: "+48 71 300 40 50",
    email: "kontakt@przeprowadzki-ua.example",
    uk: {
      name: "Переїзди «Швидко і дбайливо»",
      description: ["Квартирні та офісні переїзди по Польщі та до України.", "Пакування, розбирання і збирання меблів."],
    },
  },
];

const DIASPORS: DiasporaSeed[] = [
  {
    location: "varshava",
    logo: "logo-hromada",
    website: "https://hromada-warszawa.example",
    email: "info@hromada-warszawa.example",
    phone: "+48 22 600 10 10",
    address: "ul. Grochowska 120, Warszawa",
    social: { facebook: "https://facebook.com/hromada.warszawa.example", telegram: "https://t.me/hromada_warszawa_example" },
    uk: {
      name: "Українська громада Варшави",
      description: [
        "Об'єднує українців столиці Польщі з 1990-х років.",
        "Культурний центр, суботня школа, юридичні консультації та волонтерський штаб.",
      ],
    },
    en: {
      name: "Ukrainian Community of Warsaw",
      description: [
        "Bringing together Ukrainians in Poland's capital since the 1990s.",
        "A cultural centre, Saturday school, legal advice and a volunteer hub.",
      ],
    },
  },
  {
    location: "krakiv",
    logo: "logo-sertse",
    website: "https://razom-krakow.example",
    email: "razom@razom-krakow.example",
    address: "ul. Długa 30, Kraków",
    social: { instagram: "https://instagram.com/razom.krakow.example" },
    uk: {
      name: "Фонд «Разом» Краків",
      description: ["Волонтерська організація: збори гуманітарної допомоги, підтримка переселенців, психологічні групи."],
    },
    en: {
      name: "Razom Foundation Kraków",
      description: ["A volunteer organisation: humanitarian collections, support for displaced people and psychological groups."],
    },
  },
  {
    location: "vrotslav",
    website: "https://ua-wroclaw.example",
    phone: "+48 71 200 30 40",
    uk: {
      name: "Товариство українців Вроцлава",
      description: ["Культурні вечори, свята, розмовні клуби польської мови.", "Зустрічі щочетверга."],
    },
  },
  {
    location: "berlin",
    logo: "logo-hromada",
    website: "https://ukrainer-berlin.example",
    email: "kontakt@ukrainer-berlin.example",
    address: "Kantstraße 20, Berlin",
    social: { facebook: "https://facebook.com/ukrainer.berlin.example" },
    uk: {
      name: "Українська громада Берліна",
      description: ["Суботня школа «Дивосвіт», хор, танцювальний ансамбль.", "Допомога з Anmeldung, Jobcenter і пошуком житла."],
    },
    en: {
      name: "Ukrainian Community of Berlin",
      description: [
        "The Dyvosvit Saturday school, a choir and a dance ensemble.",
        "Help with Anmeldung, the Jobcenter and finding housing.",
      ],
    },
  },
  {
    location: "praha",
    website: "https://ukrajinci-praha.example",
    email: "info@ukrajinci-praha.example",
    phone: "+420 222 100 200",
    address: "Legerova 5, Praha",
    uk: {
      name: "Український культурний центр у Празі",
      description: ["Бібліотека, виставки, майстер-класи, концерти.", "Курси чеської мови для дорослих."],
    },
    en: {
      name: "Ukrainian Cultural Centre in Prague",
      description: ["A library, exhibitions, workshops and concerts.", "Czech courses for adults."],
    },
  },
  {
    location: "london",
    logo: "logo-hromada",
    website: "https://ukrainians-london.example",
    email: "office@ukrainians-london.example",
    address: "154 Holland Park Ave, London",
    social: { facebook: "https://facebook.com/ukrainians.london.example", youtube: "https://youtube.com/@ukrainians-london-example" },
    uk: {
      name: "Союз українців у Великій Британії, Лондонський відділ",
      description: ["Одна з найстаріших організацій діаспори у Британії.", "Український клуб, недільна школа, молодіжні програми."],
    },
    en: {
      name: "Association of Ukrainians in Great Britain, London branch",
      description: ["One of the oldest diaspora organisations in Britain.", "A Ukrainian club, Sunday school and youth programmes."],
    },
  },
  {
    location: "london",
    logo: "logo-sertse",
    email: "help@volunteers-london.example",
    social: { telegram: "https://t.me/volunteers_london_example" },
    uk: { name: "Волонтери Лондона для України", description: ["Збір речей та коштів, допомога новоприбулим з житлом і школою."] },
    en: { name: "London Volunteers for Ukraine", description: ["Collecting goods and funds, helping newcomers with housing and school."] },
  },
  {
    location: "toronto",
    website: "https://plast-toronto.example",
    email: "plast@plast-toronto.example",
    address: "2199 Bloor St W, Toronto",
    uk: {
      name: "Пласт, станиця Торонто",
      description: ["Українська скаутська організація для дітей і молоді.", "Сходини щосуботи, табори влітку та взимку."],
    },
    en: {
      name: "Plast Toronto",
      description: [
        "The Ukrainian scouting organisation for children and young people.",
        "Weekly Saturday meetings and summer and winter camps.",
      ],
    },
  },
  {
    location: "toronto",
    logo: "logo-hromada",
    website: "https://ukr-congress-toronto.example",
    phone: "+1 416 555 0100",
    uk: {
      name: "Конгрес українців Канади, відділ Торонто",
      description: ["Представляє інтереси громади, організовує пам'ятні заходи та фестивалі."],
    },
    en: {
      name: "Ukrainian Canadian Congress, Toronto branch",
      description: ["Represents the community and organises memorial events and festivals."],
    },
  },
  {
    location: "niu-iork",
    website: "https://ua-museum-ny.example",
    email: "info@ua-museum-ny.example",
    address: "222 E 6th St, New York",
    social: { instagram: "https://instagram.com/ua.museum.ny.example" },
    uk: {
      name: "Музей української культури в Нью-Йорку",
      description: ["Колекції народного мистецтва, виставки сучасних митців, лекції та концерти."],
    },
    en: {
      name: "Museum of Ukrainian Culture in New York",
      description: ["Folk art collections, contemporary art exhibitions, talks and concerts."],
    },
  },
  {
    location: "niu-iork",
    phone: "+1 212 555 0123",
    address: "30 E 7th St, New York",
    uk: { name: "Парафія святого Юра", description: ["Греко-католицька парафія в Іст-Вілидж, хор «Думка», недільна школа."] },
    en: {
      name: "St George's Parish",
      description: ["A Greek Catholic parish in the East Village, home of the Dumka choir and a Sunday school."],
    },
  },
];

function contactColumns(item: Contacts) {
  return {
    phone: item.phone ?? null,
    email: item.email ?? null,
    website: item.website ?? null,
    address: item.address ?? null,
    ...addressPoint(item.address),
    social_links: JSON.stringify(item.social ?? {}),
  };
}

export async function seedDirectory(ctx: SeedContext): Promise<void> {
  const serviceSlugs = new Set<string>();
  for (const [index, item] of SERVICES.entries()) {
    await ctx.db
      .insertInto("services")
      .values({
        slug: uniqueSlug(item.uk.name, serviceSlugs),
        name_uk: item.uk.name,
        name_en: item.en?.name ?? null,
        description_uk: html(item.uk.description)!,
        description_en: html(item.en?.description),
        category_id: categoryId(ctx, "service", item.category),
        location_id: need(ctx.locations, item.location, "location"),
        logo_image_id: item.logo ? need(ctx.images, item.logo, "image") : null,
        ...contactColumns(item),
        status: "published",
        published_at: daysAgo(ctx.now, 60 - index),
        author_id: ctx.users.editor,
        view_count: 15 + index * 9,
      })
      .execute();
  }
  const diasporaSlugs = new Set<string>();
  for (const [index, item] of DIASPORS.entries()) {
    await ctx.db
      .insertInto("diaspors")
      .values({
        slug: uniqueSlug(item.uk.name, diasporaSlugs),
        name_uk: item.uk.name,
        name_en: item.en?.name ?? null,
        description_uk: html(item.uk.description)!,
        description_en: html(item.en?.description),
        location_id: need(ctx.locations, item.location, "location"),
        logo_image_id: item.logo ? need(ctx.images, item.logo, "image") : null,
        ...contactColumns(item),
        status: "published",
        published_at: daysAgo(ctx.now, 90 - index),
        author_id: ctx.users.admin,
        view_count: 20 + index * 13,
      })
      .execute();
  }
  ctx.log(`seed: ${SERVICES.length} services, ${DIASPORS.length} diaspora organisations`);
}
