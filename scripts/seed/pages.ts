import type { ReklamaPlacement } from "#db/schema.ts";
import { SAFETY_PAGE_SLUG } from "#app/modules/content/safety-page.ts";
import { daysAgo, html, need, type SeedContext, type Texts } from "./context.ts";

type PageText = { title: string; body: string[] };
type PageSeed = Texts<PageText> & { slug: string; footer: boolean };

const PAGES: PageSeed[] = [
  {
    slug: "about",
    footer: true,
    uk: {
      title: "Про нас",
      body: [
        "«Українська діаспора» — незалежний портал новин і оголошень для українців, які живуть за кордоном. Ми розповідаємо про життя громад у Польщі, Німеччині, Чехії, Великій Британії, Канаді та США.",
        "Тут можна дізнатися про події, знайти українських фахівців і організації, розмістити безкоштовне оголошення або допомогти тим, хто цього потребує.",
        "Портал підтримують волонтери. Якщо хочете долучитися як автор або редактор — напишіть нам.",
      ],
    },
    en: {
      title: "About us",
      body: [
        "“Ukrainian Diaspora” is an independent news and classifieds portal for Ukrainians living abroad. We cover community life in Poland, Germany, the Czech Republic, the United Kingdom, Canada and the United States.",
        "Here you can find events, Ukrainian professionals and organisations, post a free advert or help those in need.",
        "The portal is run by volunteers. If you would like to join as a writer or editor, get in touch.",
      ],
    },
  },
  {
    slug: "rules",
    footer: true,
    uk: {
      title: "Правила розміщення оголошень",
      body: [
        "Оголошення розміщуються безкоштовно. Одне оголошення — один товар або одна послуга; дублікати видаляються.",
        "Заборонено: товари та послуги, заборонені законом країни перебування; шахрайські пропозиції; образливий зміст; оголошення з чужими фотографіями чи контактами.",
        "Оголошення діє 30 днів, після чого його можна продовжити в кабінеті. Адміністрація може відхилити чи зняти оголошення, що порушує правила.",
      ],
    },
    en: {
      title: "Advert rules",
      body: [
        "Adverts are free. One advert is for one item or one service; duplicates are removed.",
        "Not allowed: goods and services banned by the law of your country of residence, scams, offensive content, and adverts with someone else's photos or contacts.",
        "An advert runs for 30 days and can then be renewed from your cabinet. The moderators may reject or remove adverts that break these rules.",
      ],
    },
  },
  {
    slug: "privacy-policy",
    footer: true,
    uk: {
      title: "Політика конфіденційності",
      body: [
        "Ми збираємо лише ті дані, які потрібні для роботи порталу: адресу електронної пошти та ім'я під час реєстрації, а також контакти, які ви самі вказуєте в оголошенні.",
        "Для статистики відвідувань ми не зберігаємо IP-адрес: використовується щоденно змінюваний знеособлений ідентифікатор. Необов'язкові файли cookie встановлюються лише з вашої згоди.",
        "Ви можете будь-коли видалити свій обліковий запис разом з усіма оголошеннями і фотографіями на сторінці видалення акаунта.",
        "З питань обробки даних пишіть на адресу, вказану на сторінці контактів.",
      ],
    },
    en: {
      title: "Privacy policy",
      body: [
        "We only collect the data the portal needs to work: your email address and name when you register, and the contact details you choose to put in an advert.",
        "Visit statistics store no IP addresses: we use an anonymous identifier that changes every day. Optional cookies are only set with your consent.",
        "You can delete your account together with all your adverts and photos at any time on the account deletion page.",
        "For questions about your data, write to the address on the contacts page.",
      ],
    },
  },
  {
    slug: SAFETY_PAGE_SLUG,
    footer: false,
    uk: {
      title: "Безпечні угоди: як не натрапити на шахраїв",
      body: [
        "Ніколи не платіть наперед: ні «передоплати», ні «броні», ні «доставки» за товар, якого ви не бачили. Гроші віддавайте, коли тримаєте річ у руках.",
        "Листуйтеся в повідомленнях порталу. Прохання перейти у WhatsApp, Telegram чи Viber — частий перший крок шахрая: там ми вже не зможемо допомогти.",
        "Зустрічайтеся в людному місці вдень, краще не наодинці. Перевірте річ перед оплатою: увімкніть техніку, звірте серійний номер, приміряйте.",
        "Не переходьте за посиланнями на «доставку», «безпечну угоду» чи «отримання коштів» і ніколи не вводьте там дані картки чи коди з SMS. Портал не надсилає таких посилань.",
        "Щось здається підозрілим — поскаржтеся на оголошення або на розмову: модератори перевірять.",
      ],
    },
    en: {
      title: "Safe deals: how to avoid scams",
      body: [
        "Never pay in advance: no “prepayment”, “reservation” or “delivery fee” for an item you have not seen. Pay when you hold it in your hands.",
        "Keep the conversation in the portal's messages. A request to move to WhatsApp, Telegram or Viber is a common first step of a scam, and there we can no longer help.",
        "Meet in a busy public place in daylight, preferably not alone. Check the item before you pay: switch it on, compare the serial number, try it on.",
        "Do not follow links to a “delivery”, a “safe deal” or “receiving the money”, and never enter card details or SMS codes there. The portal sends no such links.",
        "If something seems wrong, report the advert or the conversation: the moderators will look into it.",
      ],
    },
  },
  {
    slug: "nashi-kontakty",
    footer: false,
    uk: {
      title: "Наші контакти",
      body: [
        "Редакція порталу «Українська діаспора» відкрита до ваших новин, пропозицій і запитань.",
        "Пишіть нам на електронну пошту або телефонуйте в робочі дні з 10:00 до 18:00 за центральноєвропейським часом. Щодо реклами на сайті — вкажіть у темі листа «Реклама».",
      ],
    },
    en: {
      title: "Contact us",
      body: [
        "The “Ukrainian Diaspora” team welcomes your news, suggestions and questions.",
        "Email us or call on weekdays from 10:00 to 18:00 Central European Time. For advertising, put “Advertising” in the subject line.",
      ],
    },
  },
  {
    slug: "reklama-na-saiti",
    footer: true,
    uk: {
      title: "Реклама на сайті",
      body: [
        "Розмістіть банер на головній сторінці, у бічній колонці або в стрічці оголошень.",
        "Для громадських і благодійних організацій — знижки. Напишіть нам, і ми надішлемо умови та статистику відвідувань.",
      ],
    },
    en: {
      title: "Advertise with us",
      body: [
        "Place a banner on the home page, in the sidebar or in the adverts feed.",
        "Community and charity organisations get a discount. Write to us and we will send the terms and visitor statistics.",
      ],
    },
  },
];

type ReklamaSeed = Texts<{ title: string; body: string[] }> & {
  slug: string;
  placement: ReklamaPlacement;
  image: string;
  targetUrl: string;
  startedDaysAgo: number;
  endsInDays: number | null;
};

const REKLAMA: ReklamaSeed[] = [
  {
    slug: "perekazy-bez-komisii",
    placement: "home_top",
    image: "banner",
    targetUrl: "https://transfer.example/ua",
    startedDaysAgo: 10,
    endsInDays: 50,
    uk: {
      title: "Перекази в Україну без комісії",
      body: ["Надсилайте гроші рідним на картку будь-якого українського банку за хвилину.", "Перший переказ — без комісії."],
    },
    en: {
      title: "Money transfers to Ukraine with no fee",
      body: ["Send money to any Ukrainian bank card in a minute.", "Your first transfer is free of charge."],
    },
  },
  {
    slug: "kursy-polskoi-movy",
    placement: "sidebar",
    image: "osvita",
    targetUrl: "https://mova.example/polska",
    startedDaysAgo: 5,
    endsInDays: null,
    uk: { title: "Курси польської мови онлайн", body: ["Група або індивідуально, від нуля до B2. Пробний урок безкоштовно."] },
    en: { title: "Polish courses online", body: ["Group or one-to-one lessons from beginner to B2. Free trial lesson."] },
  },
  {
    slug: "yurydychna-konsultatsiia",
    placement: "list_inline",
    image: "hromada",
    targetUrl: "https://prawo-ua.example",
    startedDaysAgo: 2,
    endsInDays: 30,
    uk: {
      title: "Юридична консультація українською",
      body: ["Карта побиту, дозвіл на роботу, реєстрація бізнесу. Перша консультація — 50% знижки."],
    },
  },
];

export async function seedPagesAndReklama(ctx: SeedContext): Promise<void> {
  for (const [position, page] of PAGES.entries()) {
    await ctx.db
      .insertInto("pages")
      .values({
        slug: page.slug,
        title_uk: page.uk.title,
        title_en: page.en?.title ?? null,
        body_uk: html(page.uk.body)!,
        body_en: html(page.en?.body),
        show_in_footer: page.footer,
        position,
        status: "published",
        published_at: daysAgo(ctx.now, 100),
        author_id: ctx.users.admin,
      })
      .execute();
  }
  for (const item of REKLAMA) {
    await ctx.db
      .insertInto("reklama")
      .values({
        slug: item.slug,
        title_uk: item.uk.title,
        title_en: item.en?.title ?? null,
        body_uk: html(item.uk.body)!,
        body_en: html(item.en?.body),
        image_id: need(ctx.images, item.image, "image"),
        target_url: item.targetUrl,
        placement: item.placement,
        starts_at: daysAgo(ctx.now, item.startedDaysAgo),
        ends_at: item.endsInDays === null ? null : daysAgo(ctx.now, -item.endsInDays),
        status: "published",
        published_at: daysAgo(ctx.now, item.startedDaysAgo),
        author_id: ctx.users.admin,
        impression_count: item.startedDaysAgo * 137,
        click_count: item.startedDaysAgo * 4,
      })
      .execute();
  }
  ctx.log(`seed: ${PAGES.length} pages, ${REKLAMA.length} reklama`);
}

export async function seedSettings(ctx: SeedContext): Promise<void> {
  await ctx.db
    .updateTable("settings")
    .set({
      site_name_uk: "Українська діаспора",
      site_name_en: "Ukrainian Diaspora",
      contact_email: "redakcia@diaspora.example",
      contact_phone: "+48 22 600 10 10",
      contact_address_uk: "вул. Грохувська 120, Варшава, Польща",
      contact_address_en: "ul. Grochowska 120, Warsaw, Poland",
      social_links: JSON.stringify({
        facebook: "https://facebook.com/diaspora.example",
        instagram: "https://instagram.com/diaspora.example",
        telegram: "https://t.me/diaspora_example",
        youtube: "https://youtube.com/@diaspora-example",
      }),
      advert_moderation: false,
      advert_lifetime_days: 30,
      advert_max_images: 10,
      adverts_per_user_per_day: 10,
      updated_at: ctx.now,
    })
    .where("id", "=", 1)
    .execute();
}
