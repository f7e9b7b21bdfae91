import type { GuideTopic } from "#db/schema.ts";
import { daysAgo, need, type SeedContext } from "./context.ts";

// Demo guides (docs/product.md#guides): short, real-world texts for Ukrainians in Poland and
// Germany, across the seven topics. The PESEL guide was checked long ago, so its page shows
// the "may be outdated" notice. Body: sections under <h2>; steps one a line, "what to bring" after " — ".

type Text = { title: string; summary: string; sections: Array<[string, string]>; steps: string[] };
type Guide = { slug: string; topic: GuideTopic; location: string | null; checkedDaysAgo: number; related?: string[]; uk: Text; en: Text };

const GUIDES: Guide[] = [
  {
    slug: "karta-pobytu-prodovzhennia",
    topic: "documents",
    location: "varshava",
    checkedDaysAgo: 40,
    related: ["/dovidnyk/pesel"],
    uk: {
      title: "Як продовжити карту побиту в Польщі",
      summary: "Заяву на нову карту побиту подають до воєводського управління до кінця строку дії чинної.",
      sections: [
        [
          "Коли подавати",
          "Подайте заяву не пізніше останнього дня легального перебування. Штамп у паспорті після подачі підтверджує, що ви перебуваєте легально до рішення.",
        ],
        [
          "Скільки це коштує",
          "Гербовий збір за рішення — 340 злотих, за видачу карти — 100 злотих. Платіть на рахунок міського управління й зберігайте підтвердження.",
        ],
      ],
      steps: [
        "Заповніть заяву на порталі MOS — паспорт, чинна карта побиту",
        "Запишіться на подачу відбитків — підтвердження з MOS",
        "Прийдіть до воєводського управління — 4 фото 35×45, договір оренди, підтвердження оплати",
        "Заберіть карту після рішення — паспорт",
      ],
    },
    en: {
      title: "How to extend a residence card (karta pobytu) in Poland",
      summary: "Apply for a new residence card at the voivode's office before your current one expires.",
      sections: [
        [
          "When to apply",
          "Apply no later than the last day of your legal stay. The stamp in your passport after you apply shows you stay legally until the decision.",
        ],
        [
          "What it costs",
          "The stamp duty is 340 zł for the decision and 100 zł for the card. Pay to the city office's account and keep the receipt.",
        ],
      ],
      steps: [
        "Fill in the application on the MOS portal — passport, current residence card",
        "Book an appointment for fingerprints — MOS confirmation",
        "Go to the voivode's office — 4 photos 35×45, rental contract, proof of payment",
        "Collect the card after the decision — passport",
      ],
    },
  },
  {
    slug: "pesel",
    topic: "documents",
    location: null,
    checkedDaysAgo: 500,
    uk: {
      title: "PESEL для українців у Польщі",
      summary: "Номер PESEL потрібен для лікаря, школи, банку й роботи. Його отримують у гміні.",
      sections: [
        ["Навіщо PESEL", "Без номера PESEL важко записатися до лікаря, відкрити рахунок чи укласти договір на роботу."],
        ["Статус UKR", "Громадяни України, які приїхали після 24 лютого 2022 року, отримують PESEL зі статусом UKR і довірений профіль."],
      ],
      steps: [
        "Прийдіть до відділу гміни — паспорт",
        "Заповніть заяву на місці — адреса в Польщі, номер телефону",
        "Сфотографуйтеся або принесіть фото — фото 35×45",
      ],
    },
    en: {
      title: "PESEL number for Ukrainians in Poland",
      summary: "You need a PESEL number for doctors, school, banks and work. The municipal office (gmina) issues it.",
      sections: [
        ["Why you need it", "Without a PESEL it is hard to see a doctor, open an account or sign a work contract."],
        ["UKR status", "Ukrainian citizens who arrived after 24 February 2022 get a PESEL with UKR status and a trusted profile."],
      ],
      steps: [
        "Go to the municipal office — passport",
        "Fill in the form there — your address in Poland, phone number",
        "Have your photo taken or bring one — photo 35×45",
      ],
    },
  },
  {
    slug: "anmeldung",
    topic: "documents",
    location: "berlin",
    checkedDaysAgo: 60,
    uk: {
      title: "Реєстрація адреси в Німеччині (Anmeldung)",
      summary: "Після переїзду на нову адресу зареєструйтеся в Bürgeramt протягом двох тижнів.",
      sections: [["Навіщо реєстрація", "Довідка про реєстрацію (Meldebescheinigung) потрібна для банку, податкового номера й Jobcenter."]],
      steps: [
        "Запишіться на прийом у Bürgeramt онлайн — електронна пошта",
        "Отримайте від власника житла підтвердження — Wohnungsgeberbestätigung",
        "Прийдіть на прийом — паспорт, заповнений бланк Anmeldung",
      ],
    },
    en: {
      title: "Registering your address in Germany (Anmeldung)",
      summary: "Register at the Bürgeramt within two weeks of moving into a new home.",
      sections: [
        ["Why register", "The registration certificate (Meldebescheinigung) is needed for a bank, a tax number and the Jobcenter."],
      ],
      steps: [
        "Book an appointment at the Bürgeramt online — email address",
        "Get the landlord's confirmation — Wohnungsgeberbestätigung",
        "Go to the appointment — passport, filled-in Anmeldung form",
      ],
    },
  },
  {
    slug: "medychne-strakhuvannia-nfz",
    topic: "health",
    location: null,
    checkedDaysAgo: 90,
    uk: {
      title: "Медичне страхування в Польщі (NFZ)",
      summary: "Працівник застрахований через роботодавця; інші можуть укласти добровільний договір з NFZ.",
      sections: [
        [
          "Хто застрахований",
          "Якщо ви працюєте за трудовим договором, роботодавець сплачує внески, і ви маєте право на безплатне лікування.",
        ],
      ],
      steps: [
        "Перевірте страхування в додатку mojeIKP — PESEL, довірений профіль",
        "Якщо не застраховані, укладіть договір у відділенні NFZ — паспорт, PESEL",
      ],
    },
    en: {
      title: "Health insurance in Poland (NFZ)",
      summary: "Employees are insured through their employer; others can sign a voluntary contract with the NFZ.",
      sections: [
        ["Who is insured", "If you work on an employment contract, your employer pays the contributions and you get free treatment."],
      ],
      steps: [
        "Check your insurance in the mojeIKP app — PESEL, trusted profile",
        "If you are not insured, sign a contract at an NFZ branch — passport, PESEL",
      ],
    },
  },
  {
    slug: "simeinyi-likar",
    topic: "health",
    location: null,
    checkedDaysAgo: 120,
    uk: {
      title: "Як знайти сімейного лікаря",
      summary: "У Польщі ви обираєте поліклініку первинної допомоги (POZ) і подаєте декларацію.",
      sections: [
        ["Декларація", "Декларацію можна подати в реєстратурі або онлайн через IKP. Змінювати лікаря можна безплатно тричі на рік."],
      ],
      steps: ["Знайдіть поліклініку POZ поблизу на сайті NFZ — адреса", "Подайте декларацію — паспорт, PESEL"],
    },
    en: {
      title: "How to find a family doctor",
      summary: "In Poland you choose a primary care clinic (POZ) and submit a declaration.",
      sections: [
        ["The declaration", "Submit it at the reception or online through IKP. You can change your doctor for free three times a year."],
      ],
      steps: ["Find a POZ clinic near you on the NFZ website — your address", "Submit the declaration — passport, PESEL"],
    },
  },
  {
    slug: "zarakhuvannia-do-shkoly",
    topic: "education",
    location: "krakiv",
    checkedDaysAgo: 30,
    uk: {
      title: "Зарахування дитини до школи",
      summary: "Діти від 7 років зобов’язані навчатися; школа за місцем проживання не може відмовити.",
      sections: [
        ["Районна школа", "Школа, до району якої належить ваша адреса, зобов’язана прийняти дитину протягом навчального року."],
        ["Мова", "Діти, які не знають польської, мають право на додаткові уроки мови."],
      ],
      steps: [
        "Дізнайтеся районну школу в гміні — адреса проживання",
        "Подайте заяву до школи — свідоцтво про народження, паспорт дитини, PESEL",
        "Принесіть табель з української школи — табель або довідка",
      ],
    },
    en: {
      title: "Enrolling a child in school",
      summary: "Children from 7 must attend school; the school for your address cannot refuse.",
      sections: [
        ["The local school", "The school whose district includes your address must take your child at any time of the school year."],
        ["Language", "Children who do not speak Polish have a right to extra language lessons."],
      ],
      steps: [
        "Find your district school at the municipal office — home address",
        "Apply at the school — birth certificate, child's passport, PESEL",
        "Bring the report from the Ukrainian school — school report or certificate",
      ],
    },
  },
  {
    slug: "bankivskyi-rakhunok",
    topic: "money",
    location: null,
    checkedDaysAgo: 75,
    uk: {
      title: "Як відкрити банківський рахунок",
      summary: "Більшість банків відкривають рахунок за паспортом; PESEL спрощує онлайн-банкінг.",
      sections: [
        ["Який банк обрати", "Порівняйте плату за обслуговування картки й перекази в Україну. Деякі банки мають застосунок українською."],
      ],
      steps: ["Запишіться до відділення або почніть онлайн — паспорт", "Підпишіть договір — PESEL або карта побиту, номер телефону"],
    },
    en: {
      title: "How to open a bank account",
      summary: "Most banks open an account with a passport; a PESEL makes online banking easier.",
      sections: [["Which bank", "Compare card fees and transfers to Ukraine. Some banks have an app in Ukrainian."]],
      steps: ["Book a branch visit or start online — passport", "Sign the contract — PESEL or residence card, phone number"],
    },
  },
  {
    slug: "podatkovyi-nomer",
    topic: "money",
    location: "berlin",
    checkedDaysAgo: 150,
    uk: {
      title: "Податковий номер у Німеччині (Steuer-ID)",
      summary: "Steuer-ID надсилають поштою після реєстрації адреси; він потрібен роботодавцю.",
      sections: [
        ["Якщо лист не прийшов", "Зверніться до податкової (Finanzamt) або замовте номер повторно на сайті Bundeszentralamt für Steuern."],
      ],
      steps: ["Зареєструйте адресу — Meldebescheinigung", "Зачекайте лист 2–4 тижні", "Передайте номер роботодавцю — лист зі Steuer-ID"],
    },
    en: {
      title: "Tax number in Germany (Steuer-ID)",
      summary: "The Steuer-ID comes by post after you register your address; employers need it.",
      sections: [
        ["If no letter arrives", "Ask the tax office (Finanzamt) or request the number again on the Federal Central Tax Office's website."],
      ],
      steps: [
        "Register your address — Meldebescheinigung",
        "Wait 2–4 weeks for the letter",
        "Give the number to your employer — the Steuer-ID letter",
      ],
    },
  },
  {
    slug: "konsulskyi-pryiom",
    topic: "documents",
    location: null,
    checkedDaysAgo: 20,
    uk: {
      title: "Запис на прийом до консульства",
      summary: "Паспорт, довіреність чи довідку оформлюють у консульстві за попереднім записом.",
      sections: [["Онлайн-запис", "Записатися можна в системі е-Черга консульства. Вільні місця з’являються зранку."]],
      steps: [
        "Зареєструйтеся в е-Черзі — електронна пошта",
        "Оберіть послугу й час — паспорт",
        "Прийдіть вчасно — паспорт, копії документів, квитанція про оплату",
      ],
    },
    en: {
      title: "Booking an appointment at the consulate",
      summary: "Passports, powers of attorney and certificates are done at the consulate by appointment.",
      sections: [["Online booking", "Book in the consulate's e-Queue. Free slots appear in the mornings."]],
      steps: [
        "Register in the e-Queue — email address",
        "Choose the service and a time — passport",
        "Come on time — passport, copies of documents, payment receipt",
      ],
    },
  },
  {
    slug: "jobcenter",
    topic: "work",
    location: "berlin",
    checkedDaysAgo: 100,
    uk: {
      title: "Jobcenter: допомога й пошук роботи",
      summary: "Jobcenter виплачує Bürgergeld і допомагає з мовними курсами та пошуком роботи.",
      sections: [["Що дає Jobcenter", "Виплати на життя й житло, оплату курсів німецької та консультації з роботи."]],
      steps: [
        "Подайте заяву онлайн або в Jobcenter — паспорт, дозвіл на проживання",
        "Додайте довідки — Meldebescheinigung, договір оренди, виписка з банку",
        "Прийдіть на співбесіду з консультантом — запрошення",
      ],
    },
    en: {
      title: "The Jobcenter: benefits and finding work",
      summary: "The Jobcenter pays Bürgergeld and helps with language courses and finding work.",
      sections: [["What it offers", "Money for living and housing, German courses and job advice."]],
      steps: [
        "Apply online or at the Jobcenter — passport, residence permit",
        "Add the papers — Meldebescheinigung, rental contract, bank statement",
        "Go to the interview with your adviser — the invitation",
      ],
    },
  },
  {
    slug: "orenda-kvartyry",
    topic: "housing",
    location: "varshava",
    checkedDaysAgo: 45,
    uk: {
      title: "Як орендувати квартиру й не потрапити на шахраїв",
      summary: "Ніколи не платіть завдаток, не побачивши квартиру й не підписавши договору.",
      sections: [
        [
          "Договір",
          "Договір оренди має містити суму, завдаток, строк і правила розірвання. Найм інституційний чи okazjonalny захищає обидві сторони.",
        ],
        ["Шахрайство", "Якщо власник «за кордоном» і просить переказ до перегляду — це шахрайство."],
      ],
      steps: [
        "Перегляньте квартиру особисто — паспорт",
        "Перевірте власника в книзі іпотек — номер книги (księga wieczysta)",
        "Підпишіть договір і протокол передачі — паспорт, завдаток переказом",
      ],
    },
    en: {
      title: "Renting a flat without getting scammed",
      summary: "Never pay a deposit before you have seen the flat and signed a contract.",
      sections: [
        [
          "The contract",
          "A rental contract states the rent, deposit, term and how to end it. An institutional or occasional lease protects both sides.",
        ],
        ["Scams", "If the owner is 'abroad' and asks for a transfer before a viewing, it is a scam."],
      ],
      steps: [
        "View the flat in person — passport",
        "Check the owner in the land register — register number (księga wieczysta)",
        "Sign the contract and handover record — passport, deposit by transfer",
      ],
    },
  },
  {
    slug: "obmin-posvidchennia-vodiia",
    topic: "daily_life",
    location: null,
    checkedDaysAgo: 200,
    uk: {
      title: "Обмін українського посвідчення водія",
      summary: "В ЄС українське посвідчення чинне, поки діє тимчасовий захист; обміняти його можна без іспиту.",
      sections: [
        [
          "Чи треба обмінювати",
          "Поки діє тимчасовий захист, можна керувати з українським посвідченням. Обмін варто зробити, якщо ви залишаєтеся надовго.",
        ],
      ],
      steps: [
        "Подайте заяву до відділу транспорту — посвідчення водія, паспорт, фото 35×45",
        "Сплатіть збір — квитанція",
        "Заберіть нове посвідчення — паспорт",
      ],
    },
    en: {
      title: "Exchanging a Ukrainian driving licence",
      summary: "In the EU a Ukrainian licence is valid while temporary protection lasts; you can exchange it without a test.",
      sections: [
        ["Do you need to", "While temporary protection lasts you may drive with a Ukrainian licence. Exchange it if you stay for long."],
      ],
      steps: [
        "Apply at the transport office — driving licence, passport, photo 35×45",
        "Pay the fee — receipt",
        "Collect the new licence — passport",
      ],
    },
  },
];

function body(text: Text): string {
  return text.sections.map(([heading, paragraph]) => `<h2>${heading}</h2>\n<p>${paragraph}</p>`).join("\n");
}

export async function seedGuides(ctx: SeedContext): Promise<void> {
  for (const [index, guide] of GUIDES.entries()) {
    await ctx.db
      .insertInto("guides")
      .values({
        slug: guide.slug,
        topic: guide.topic,
        location_id: guide.location ? need(ctx.locations, guide.location, "location") : null,
        title_uk: guide.uk.title,
        title_en: guide.en.title,
        summary_uk: guide.uk.summary,
        summary_en: guide.en.summary,
        body_uk: body(guide.uk),
        body_en: body(guide.en),
        steps_uk: guide.uk.steps.join("\n"),
        steps_en: guide.en.steps.join("\n"),
        related: (guide.related ?? []).join("\n"),
        checked_at: daysAgo(ctx.now, guide.checkedDaysAgo),
        checked_by: "Oksana Lytvyn",
        status: "published",
        published_at: daysAgo(ctx.now, 200 - index),
        author_id: ctx.users.editor,
        view_count: 10 + index * 7,
      })
      .execute();
  }
  ctx.log(`seed: ${GUIDES.length} guides`);
}
