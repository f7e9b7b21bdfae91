import type { ContentStatus } from "#db/schema.ts";
import { categoryId, daysAgo, html, need, type SeedContext, type Texts, uniqueSlug } from "./context.ts";

type NewsText = { title: string; summary: string; body: string[] };
type NewsSeed = Texts<NewsText> & {
  category: string;
  tags: string[];
  image: string | null;
  /** Days before the seed time; negative = scheduled in the future. */
  ago: number;
  status?: ContentStatus;
};

const NEWS: NewsSeed[] = [
  {
    category: "hromada",
    tags: ["kultura", "osvita"],
    image: "hromada",
    ago: 0.2,
    uk: {
      title: "У Варшаві відкрили новий український культурний центр",
      summary: "Простір на Празі матиме бібліотеку, залу для концертів і кімнату для дитячих гуртків.",
      body: [
        "У суботу у варшавському районі Прага урочисто відкрили Український культурний центр. Приміщення площею понад триста квадратних метрів громада облаштувала власними силами за пів року.",
        "Уже з наступного тижня тут працюватимуть бібліотека, розмовний клуб польської мови та гуртки для дітей. Розклад занять опублікують на сайті та в соцмережах центру.",
      ],
    },
    en: {
      title: "A new Ukrainian cultural centre opens in Warsaw",
      summary: "The space in Praga will have a library, a concert hall and a room for children's clubs.",
      body: [
        "On Saturday a Ukrainian Cultural Centre officially opened in Warsaw's Praga district. The community fitted out the more than three hundred square metres itself in six months.",
        "From next week the centre will run a library, a Polish conversation club and clubs for children. The timetable will be published on the centre's website and social media.",
      ],
    },
  },
  {
    category: "osvita",
    tags: ["dity", "mova"],
    image: "osvita",
    ago: 0.6,
    uk: {
      title: "Суботня школа українознавства оголошує набір на новий семестр",
      summary: "Запрошують дітей від 6 до 14 років: українська мова, література, історія та географія.",
      body: [
        "Суботня школа при громаді Кракова приймає заявки на весняний семестр. Заняття проходять щосуботи з 10:00 до 14:00, групи формують за віком і рівнем мови.",
        "Навчання безкоштовне, батьки лише купують зошити. Записатися можна через форму на сайті школи або особисто в суботу перед заняттями.",
      ],
    },
    en: {
      title: "Saturday Ukrainian studies school opens enrolment for the new term",
      summary: "Children aged 6 to 14 are welcome: Ukrainian language, literature, history and geography.",
      body: [
        "The Saturday school of the Kraków community is taking applications for the spring term. Lessons run every Saturday from 10:00 to 14:00, with groups formed by age and language level.",
        "Tuition is free; parents only buy exercise books. Sign up through the form on the school's website or in person on Saturday before class.",
      ],
    },
  },
  {
    category: "dokumenty",
    tags: ["dokumenty"],
    image: null,
    ago: 1,
    uk: {
      title: "Тимчасовий захист: що потрібно знати про продовження статусу",
      summary: "Юристи громади пояснюють, які документи підготувати і куди звертатися.",
      body: [
        "Статус тимчасового захисту в більшості країн ЄС продовжується автоматично, однак у деяких випадках потрібно оновити документ, що посвідчує особу, або підтвердити адресу проживання.",
        "Безкоштовні консультації юристів громади проходять щочетверга онлайн. Перед консультацією підготуйте паспорт, чинний документ про статус і довідку про місце проживання.",
      ],
    },
    en: {
      title: "Temporary protection: what you need to know about extending your status",
      summary: "Community lawyers explain which documents to prepare and where to go.",
      body: [
        "Temporary protection status is extended automatically in most EU countries, but in some cases you need to renew your identity document or confirm your address.",
        "Free consultations with community lawyers are held online every Thursday. Before the consultation, have your passport, your current status document and proof of address ready.",
      ],
    },
  },
  {
    category: "volonterstvo",
    tags: ["volontery", "blahodiinist"],
    image: "volontery",
    ago: 1.5,
    uk: {
      title: "Волонтери з Кракова відправили в Україну вже сотий вантаж",
      summary: "За два роки команда передала генератори, ліки та теплий одяг до прифронтових громад.",
      body: [
        "Ювілейний, сотий, вантаж вирушив із Кракова до Харківщини. У машині — чотири генератори, аптечки та сто двадцять комплектів теплого одягу.",
        "Команда дякує всім, хто долучився, і нагадує: пункт збору на вулиці Длуга працює щодня з 16:00 до 19:00. Найбільше зараз потрібні павербанки та термобілизна.",
      ],
    },
    en: {
      title: "Volunteers from Kraków send their hundredth shipment to Ukraine",
      summary: "In two years the team has delivered generators, medicine and warm clothes to frontline communities.",
      body: [
        "The hundredth shipment left Kraków for the Kharkiv region. The van carries four generators, first aid kits and one hundred and twenty sets of warm clothing.",
        "The team thanks everyone who helped and reminds you that the collection point on Długa Street is open daily from 16:00 to 19:00. Power banks and thermal underwear are needed most right now.",
      ],
    },
  },
  {
    category: "kultura",
    tags: ["vyshyvanka", "kultura"],
    image: "vyshyvanka",
    ago: 2,
    uk: {
      title: "Берлінська громада провела ярмарок вишиванок",
      summary: "Майстрині з Берліна, Лейпцига та Дрездена показали сорочки з різних регіонів України.",
      body: [
        "У неділю в залі парафії на Шарлоттенбурзі відбувся ярмарок вишиванок. Відвідувачі могли не лише придбати сорочки, а й дізнатися, чим полтавська вишивка відрізняється від гуцульської.",
        "Частину виторгу майстрині передали на потреби української суботньої школи. Наступний ярмарок заплановано на весну.",
      ],
    },
    en: {
      title: "Berlin community holds an embroidered shirt fair",
      summary: "Craftswomen from Berlin, Leipzig and Dresden showed shirts from different regions of Ukraine.",
      body: [
        "On Sunday the parish hall in Charlottenburg hosted a vyshyvanka fair. Visitors could not only buy shirts but also learn how Poltava embroidery differs from Hutsul work.",
        "The makers donated part of the takings to the Ukrainian Saturday school. The next fair is planned for the spring.",
      ],
    },
  },
  {
    category: "sport",
    tags: ["sport"],
    image: null,
    ago: 2.5,
    uk: {
      title: "Український футбольний клуб у Торонто виграв осінній турнір",
      summary: "У фіналі команда перемогла з рахунком 3:1 і вперше здобула кубок ліги.",
      body: [
        "Футбольний клуб «Карпати Торонто» виграв осінній турнір аматорської ліги. У фіналі українська команда обіграла суперників з Міссіссоги з рахунком 3:1.",
        "Тренер клубу запрошує на тренування всіх охочих від 16 років. Заняття проходять двічі на тиждень на стадіоні біля станції Keele.",
      ],
    },
    en: {
      title: "Ukrainian football club in Toronto wins autumn tournament",
      summary: "The team won the final 3-1 and lifted the league cup for the first time.",
      body: [
        "Karpaty Toronto won the autumn tournament of the amateur league. In the final the Ukrainian side beat opponents from Mississauga 3-1.",
        "The club coach invites anyone aged 16 and over to training. Sessions are held twice a week at the stadium near Keele station.",
      ],
    },
  },
  {
    category: "osvita",
    tags: ["mova", "robota"],
    image: "osvita",
    ago: 3,
    uk: {
      title: "У Празі стартують безкоштовні курси чеської мови для українців",
      summary: "Курс розраховано на три місяці, після нього можна скласти іспит рівня A2.",
      body: [
        "Громадська організація за підтримки міської ради Праги відкриває безкоштовні курси чеської мови. Заняття проходитимуть у вечірні години, щоб на них встигали працюючі.",
        "Кількість місць обмежена: у кожній групі не більше п'ятнадцяти слухачів. Реєстрація відкрита до кінця місяця.",
      ],
    },
    en: {
      title: "Free Czech language courses for Ukrainians start in Prague",
      summary: "The course lasts three months and ends with an optional A2 exam.",
      body: [
        "With support from Prague city council, a community organisation is launching free Czech courses. Lessons are held in the evening so that people who work can attend.",
        "Places are limited to fifteen learners per group. Registration is open until the end of the month.",
      ],
    },
  },
  {
    category: "osvita",
    tags: ["dity", "osvita"],
    image: "hromada",
    ago: 3.5,
    uk: {
      title: "Лондонська недільна школа святкує десятиріччя",
      summary: "За десять років у школі навчалися понад шістсот дітей.",
      body: [
        "Українська недільна школа в Лондоні відзначила десяту річницю святковим концертом. Учні підготували вірші, пісні та виставку малюнків про рідні міста.",
        "Директорка школи подякувала батькам і вчителям-волонтерам, завдяки яким школа працює без перерв навіть у найскладніші часи.",
      ],
    },
    en: {
      title: "London Sunday school celebrates its tenth anniversary",
      summary: "More than six hundred children have studied at the school in ten years.",
      body: [
        "The Ukrainian Sunday school in London marked its tenth anniversary with a festive concert. Pupils prepared poems, songs and an exhibition of drawings about their home towns.",
        "The head teacher thanked the parents and volunteer teachers who have kept the school running without a break even in the hardest times.",
      ],
    },
  },
  {
    category: "volonterstvo",
    tags: ["kontsert", "blahodiinist"],
    image: "kontsert",
    ago: 4,
    uk: {
      title: "Благодійний концерт у Вроцлаві зібрав кошти на реабілітацію поранених",
      summary: "Музиканти з Польщі та України виступили безкоштовно, а глядачі задонатили понад 40 тисяч злотих.",
      body: [
        "У філармонії Вроцлава відбувся благодійний концерт «Серце України». На сцені виступили камерний оркестр, бандуристки та молоді вокалісти.",
        "Усі зібрані кошти організатори передадуть реабілітаційному центру у Львові на закупівлю тренажерів.",
      ],
    },
    en: {
      title: "Charity concert in Wrocław raises funds for rehabilitation of the wounded",
      summary: "Musicians from Poland and Ukraine played for free and the audience gave more than 40,000 złoty.",
      body: [
        "Wrocław Philharmonic hosted the charity concert “Heart of Ukraine”, with a chamber orchestra, bandura players and young singers.",
        "The organisers will give all the money raised to a rehabilitation centre in Lviv to buy exercise equipment.",
      ],
    },
  },
  {
    category: "kultura",
    tags: ["mystetstvo", "kultura"],
    image: "mystetstvo",
    ago: 5,
    uk: {
      title: "Музей української культури в Нью-Йорку відкриває виставку сучасного мистецтва",
      summary: "Двадцять художників показують, як війна змінила їхню мову і погляд на дім.",
      body: [
        "Виставка «Дім на відстані» об'єднала живопис, фотографію та інсталяції двадцяти українських митців, які нині живуть у США, Канаді та Європі.",
        "Експозиція працюватиме до кінця зими. У суботу о 15:00 — екскурсії українською мовою.",
      ],
    },
    en: {
      title: "Ukrainian culture museum in New York opens a contemporary art exhibition",
      summary: "Twenty artists show how the war changed their language and their view of home.",
      body: [
        "The exhibition “Home at a Distance” brings together painting, photography and installations by twenty Ukrainian artists now living in the US, Canada and Europe.",
        "It runs until the end of winter. Guided tours in Ukrainian are held on Saturdays at 15:00.",
      ],
    },
  },
  {
    category: "dokumenty",
    tags: ["dokumenty", "osvita"],
    image: null,
    ago: 6,
    uk: {
      title: "Як визнати український диплом у Польщі: покрокова інструкція",
      summary: "Нострифікація, апостиль і переклад: розбираємо процедуру від початку до кінця.",
      body: [
        "Для роботи за фахом у Польщі диплом часто потрібно нострифікувати. Спершу перевірте, чи ваша професія регульована: для лікарів, медсестер і вчителів діють окремі правила.",
        "Зазвичай знадобляться апостильований диплом, додаток з оцінками та присяжний переклад польською. Заяву подають до університету з подібною програмою навчання.",
      ],
    },
    en: {
      title: "Getting a Ukrainian diploma recognised in Poland: a step-by-step guide",
      summary: "Nostrification, apostille and translation: the procedure from start to finish.",
      body: [
        "To work in your profession in Poland you often need to have your diploma recognised. First check whether your profession is regulated: doctors, nurses and teachers follow separate rules.",
        "You will usually need an apostilled diploma, the transcript and a sworn translation into Polish. The application goes to a university with a similar study programme.",
      ],
    },
  },
  {
    category: "hromada",
    tags: ["robota"],
    image: "hromada",
    ago: 7,
    uk: {
      title: "Українські підприємці Берліна об'єдналися в бізнес-клуб",
      summary: "Клуб допомагатиме з реєстрацією бізнесу, податками та пошуком партнерів.",
      body: [
        "Понад сорок підприємців заснували Український бізнес-клуб Берліна. Серед учасників — власники кав'ярень, ІТ-компаній, салонів краси та будівельних фірм.",
        "Щомісяця клуб проводитиме зустрічі з податковими консультантами та юристами. Перша зустріч відкрита для всіх охочих.",
      ],
    },
    en: {
      title: "Ukrainian entrepreneurs in Berlin form a business club",
      summary: "The club will help with registering a business, taxes and finding partners.",
      body: [
        "More than forty entrepreneurs have founded the Ukrainian Business Club Berlin. Members include owners of cafés, IT companies, beauty salons and construction firms.",
        "Every month the club will hold meetings with tax advisers and lawyers. The first meeting is open to everyone.",
      ],
    },
  },
  {
    category: "hromada",
    tags: ["dity"],
    image: "osvita",
    ago: 8,
    uk: {
      title: "Пластуни з Торонто провели осінній табір",
      summary: "Сімдесят юнаків і юначок три дні вчилися орієнтуванню, першій допомозі та співали біля ватри.",
      body: [
        "Осінній табір станиці Пласту в Торонто пройшов в Онтаріо на березі озера. Учасники змагалися у спортивному орієнтуванні та вчилися надавати першу допомогу.",
        "Виховники зауважили, що цього року в таборі було багато новоприбулих дітей, для яких це стало першою зустріччю з Пластом.",
      ],
    },
    en: {
      title: "Plast scouts from Toronto hold an autumn camp",
      summary: "Seventy young scouts spent three days learning orienteering and first aid and singing around the campfire.",
      body: [
        "The autumn camp of the Toronto Plast branch took place on a lakeshore in Ontario. Participants competed in orienteering and learned first aid.",
        "The leaders noted that many newly arrived children came this year, and for them it was their first encounter with Plast.",
      ],
    },
  },
  {
    category: "dokumenty",
    tags: ["dokumenty"],
    image: null,
    ago: 9,
    uk: {
      title: "Новий консульський пункт почав роботу у Вроцлаві",
      summary: "Тепер оформити довіреність чи отримати довідку можна без поїздки до Варшави.",
      body: [
        "У Вроцлаві запрацював консульський пункт, який прийматиме громадян тричі на тиждень. Запис на прийом — через електронну чергу.",
        "Поки що пункт надає нотаріальні послуги, видає довідки та приймає заяви на оформлення паспорта.",
      ],
    },
    en: {
      title: "A new consular office opens in Wrocław",
      summary: "Powers of attorney and certificates no longer require a trip to Warsaw.",
      body: [
        "A consular office has opened in Wrocław and will see citizens three times a week. Appointments are booked through the online queue.",
        "For now the office provides notarial services, issues certificates and accepts passport applications.",
      ],
    },
  },
  {
    category: "kultura",
    tags: ["mystetstvo", "kultura"],
    image: "mystetstvo",
    ago: 10,
    uk: {
      title: "Майстер-клас з петриківського розпису зібрав понад сто учасників",
      summary: "Малювали і дорослі, і діти: кожен забрав додому власну розписану дощечку.",
      body: [
        "Майстриня з Дніпра провела у Празі майстер-клас з петриківського розпису. Учасники навчилися основних мазків — «зернятка», «гребінчика» і «перчинки».",
        "Через великий інтерес організатори планують регулярні заняття раз на місяць.",
      ],
    },
    en: {
      title: "Petrykivka painting workshop draws over a hundred participants",
      summary: "Adults and children alike painted, and everyone took home their own decorated board.",
      body: [
        "An artist from Dnipro held a Petrykivka painting workshop in Prague. Participants learned the basic strokes known as the “seed”, the “comb” and the “pepper”.",
        "Given the strong interest, the organisers plan to hold sessions once a month.",
      ],
    },
  },
  {
    category: "kultura",
    tags: ["mova", "kultura"],
    image: null,
    ago: 11,
    uk: {
      title: "Українська бібліотека в Празі отримала дві тисячі нових книжок",
      summary: "Видавництва з Києва та Львова передали дитячу літературу, сучасну прозу та підручники.",
      body: [
        "Бібліотека при українському центрі в Празі поповнилася двома тисячами книжок. Найбільше — дитячих видань і сучасної української прози.",
        "Читацький квиток безкоштовний, книжки можна брати додому на три тижні.",
      ],
    },
    en: {
      title: "Ukrainian library in Prague receives two thousand new books",
      summary: "Publishers from Kyiv and Lviv donated children's books, contemporary fiction and textbooks.",
      body: [
        "The library of the Ukrainian centre in Prague has received two thousand books, mostly children's titles and contemporary Ukrainian fiction.",
        "Library cards are free and books can be borrowed for three weeks.",
      ],
    },
  },
  {
    category: "sport",
    tags: ["sport", "blahodiinist"],
    image: null,
    ago: 12,
    uk: {
      title: "Забіг на підтримку ветеранів: у Лондоні пробігли 10 кілометрів",
      summary: "Понад двісті бігунів вийшли на старт у Гайд-парку.",
      body: [
        "Благодійний забіг «Біжу за героїв» зібрав у Гайд-парку понад двісті учасників. Дистанцію в десять кілометрів подолали і професійні спортсмени, і цілі родини.",
        "Стартові внески підуть на протезування ветеранів.",
      ],
    },
    en: {
      title: "Run for veterans: London runners cover 10 kilometres",
      summary: "More than two hundred runners lined up in Hyde Park.",
      body: [
        "The charity run “I Run for Heroes” brought more than two hundred people to Hyde Park. Both seasoned athletes and whole families completed the ten kilometres.",
        "Entry fees will pay for prosthetics for veterans.",
      ],
    },
  },
  {
    category: "hromada",
    tags: ["dity"],
    image: "hromada",
    ago: 13,
    uk: {
      title: "Психологи громади відкривають групи підтримки для батьків",
      summary: "Зустрічі проходитимуть щосереди ввечері, участь безкоштовна.",
      body: [
        "Переїзд, нова школа, чужа мова — діти адаптуються по-різному, і батькам теж потрібна підтримка. Психологи громади запрошують мам і тат на зустрічі в малих групах.",
        "Групи до десяти осіб, конфіденційність гарантовано. Записатися можна за телефоном гарячої лінії громади.",
      ],
    },
  },
  {
    category: "dokumenty",
    tags: ["robota", "dokumenty"],
    image: null,
    ago: 14,
    uk: {
      title: "Податкова декларація в Польщі: до чого готуватися працівникам з України",
      summary: "Хто зобов'язаний подавати PIT, які пільги діють і як зробити це онлайн.",
      body: [
        "Усі, хто працював у Польщі за трудовим договором або договором доручення, мають подати річну декларацію PIT. Зробити це найпростіше через сервіс e-Urząd Skarbowy.",
        "Не забудьте про податкові пільги на дітей: вони можуть повернути частину сплаченого податку.",
      ],
    },
    en: {
      title: "Filing taxes in Poland: what workers from Ukraine should prepare",
      summary: "Who must file a PIT return, which reliefs apply and how to do it online.",
      body: [
        "Anyone who worked in Poland on an employment or service contract must file an annual PIT return. The easiest way is the e-Urząd Skarbowy service.",
        "Do not forget the child tax relief: it can return part of the tax you paid.",
      ],
    },
  },
  {
    category: "kultura",
    tags: ["kukhnia", "sviata"],
    image: "kukhnia",
    ago: 15,
    uk: {
      title: "Кулінарний фестиваль у Кракові: борщ, вареники і нові знайомства",
      summary: "Двадцять господинь змагалися за звання найкращого борщу фестивалю.",
      body: [
        "На Ринковій площі Кракова пройшов фестиваль української кухні. Гості куштували борщ, вареники з вишнями, деруни та пампушки з часником.",
        "Переможницею конкурсу борщів стала пані Галина з Тернополя, яка готує за рецептом своєї бабусі.",
      ],
    },
    en: {
      title: "Culinary festival in Kraków: borscht, varenyky and new friends",
      summary: "Twenty cooks competed for the title of the festival's best borscht.",
      body: [
        "Kraków's Main Square hosted a Ukrainian food festival. Guests tried borscht, cherry varenyky, potato pancakes and garlic pampushky.",
        "The borscht contest was won by Halyna from Ternopil, who cooks to her grandmother's recipe.",
      ],
    },
  },
  {
    category: "kultura",
    tags: ["dity", "kontsert"],
    image: "kontsert",
    ago: 16,
    uk: {
      title: "Дитячий хор з Берліна виступить на різдвяному концерті",
      summary: "Юні співаки готують колядки та щедрівки з різних регіонів України.",
      body: [
        "Дитячий хор «Веселка» вже третій місяць репетирує різдвяну програму. У ній — колядки з Буковини, Полісся і Закарпаття.",
        "Концерт відбудеться в кірсі Святого Томаса, вхід вільний.",
      ],
    },
    en: {
      title: "Berlin children's choir to sing at a Christmas concert",
      summary: "Young singers are preparing carols from different regions of Ukraine.",
      body: [
        "The Veselka children's choir has been rehearsing its Christmas programme for three months, with carols from Bukovyna, Polissia and Transcarpathia.",
        "The concert takes place in St Thomas Church; admission is free.",
      ],
    },
  },
  {
    category: "volonterstvo",
    tags: ["volontery"],
    image: "volontery",
    ago: 17,
    uk: {
      title: "Волонтерський штаб у Празі шукає водіїв",
      summary: "Потрібні люди з посвідченням категорії B, які можуть допомогти у вихідні.",
      body: [
        "Штаб допомоги при українській громаді Праги шукає волонтерів-водіїв для доставки гуманітарних наборів по місту та області.",
        "Пальне компенсують. Якщо маєте кілька вільних годин на вихідних, напишіть координаторці штабу.",
      ],
    },
  },
  {
    category: "hromada",
    tags: ["istoriia"],
    image: null,
    ago: 18,
    uk: {
      title: "Громада Торонто вшанувала пам'ять жертв Голодомору",
      summary: "Біля пам'ятника в Exhibition Place зібралися сотні людей.",
      body: [
        "У четверту суботу листопада українці Торонто запалили свічки пам'яті біля монумента жертвам Голодомору. До громади долучилися представники міської влади.",
        "Після панахиди в українському культурному центрі відбулася лекція історика про документи 1932–1933 років.",
      ],
    },
    en: {
      title: "Toronto community honours the victims of the Holodomor",
      summary: "Hundreds gathered at the monument in Exhibition Place.",
      body: [
        "On the fourth Saturday of November Ukrainians in Toronto lit candles of remembrance at the Holodomor memorial, joined by city officials.",
        "After the memorial service a historian gave a talk on documents from 1932–1933 at the Ukrainian cultural centre.",
      ],
    },
  },
  {
    category: "sport",
    tags: ["dity", "sport"],
    image: null,
    ago: 19,
    uk: {
      title: "Шахи без кордонів: турнір для українських дітей у Варшаві",
      summary: "Шістдесят юних шахістів змагалися у трьох вікових групах.",
      body: [
        "Шаховий клуб при культурному центрі провів дитячий турнір за швейцарською системою. Переможці отримали кубки та шахові годинники.",
        "Тренування клубу проходять щовівторка і щочетверга, новачків навчають з нуля.",
      ],
    },
    en: {
      title: "Chess without borders: a tournament for Ukrainian children in Warsaw",
      summary: "Sixty young players competed in three age groups.",
      body: [
        "The chess club of the cultural centre held a Swiss-system tournament for children. Winners received cups and chess clocks.",
        "The club trains every Tuesday and Thursday and teaches beginners from scratch.",
      ],
    },
  },
  {
    category: "dokumenty",
    tags: ["dokumenty"],
    image: null,
    ago: 20,
    uk: {
      title: "Як відкрити банківський рахунок у Великій Британії без кредитної історії",
      summary: "Які банки приймають новоприбулих і які документи знадобляться.",
      body: [
        "Більшість банків у Великій Британії вимагають підтвердження адреси, але для новоприбулих є спрощені варіанти. Цифрові банки відкривають рахунок за паспортом і візою.",
        "Кредитна історія почне формуватися після кількох місяців користування рахунком. Радимо вчасно сплачувати рахунки за телефон і комунальні послуги.",
      ],
    },
    en: {
      title: "Opening a bank account in the UK without a credit history",
      summary: "Which banks accept newcomers and what documents you will need.",
      body: [
        "Most UK banks ask for proof of address, but there are simpler options for newcomers. Digital banks open accounts with a passport and visa.",
        "A credit history starts to build after a few months of using the account. Pay phone and utility bills on time.",
      ],
    },
  },
  {
    category: "kultura",
    tags: ["mova", "kultura"],
    image: "mystetstvo",
    ago: 21,
    uk: {
      title: "Вечір української поезії в Нью-Йорку",
      summary: "Поети читали вірші про дім, війну і надію під акомпанемент бандури.",
      body: [
        "У літературному клубі в Іст-Вілиджі відбувся вечір сучасної української поезії. Звучали вірші як визнаних авторів, так і молодих поетів, що пишуть в еміграції.",
        "Організатори планують зробити такі вечори щомісячними й запрошують авторів надсилати свої тексти.",
      ],
    },
  },
  {
    category: "hromada",
    tags: ["robota"],
    image: "hromada",
    ago: 22,
    uk: {
      title: "Ярмарок вакансій для українців пройде у Вроцлаві",
      summary: "Понад тридцять роботодавців запропонують роботу в логістиці, IT, медицині та сфері послуг.",
      body: [
        "Ярмарок вакансій відбудеться в конгрес-центрі Вроцлава. Роботодавці шукають працівників з різним рівнем польської мови, частина вакансій — з навчанням.",
        "На місці працюватимуть консультанти, які допоможуть скласти резюме польською.",
      ],
    },
    en: {
      title: "Job fair for Ukrainians to be held in Wrocław",
      summary: "More than thirty employers will offer jobs in logistics, IT, healthcare and services.",
      body: [
        "The job fair takes place at Wrocław's congress centre. Employers are looking for staff with different levels of Polish, and some vacancies include training.",
        "Advisers on site will help you write a CV in Polish.",
      ],
    },
  },
  {
    category: "osvita",
    tags: ["dity", "osvita"],
    image: "osvita",
    ago: 23,
    uk: {
      title: "Українська онлайн-школа запускає курси для підлітків за кордоном",
      summary: "Уроки української, історії та літератури у зручний для різних часових поясів час.",
      body: [
        "Онлайн-школа пропонує підліткам за кордоном вивчати українські предмети за програмою, що дозволяє отримати документ про освіту в Україні.",
        "Уроки проходять у малих групах, записи доступні тим, хто не може бути онлайн через різницю в часі.",
      ],
    },
    en: {
      title: "Ukrainian online school launches courses for teenagers abroad",
      summary: "Ukrainian, history and literature lessons at times that suit different time zones.",
      body: [
        "The online school lets teenagers abroad study Ukrainian subjects on a programme that leads to a Ukrainian education certificate.",
        "Lessons are in small groups, and recordings are available for those who cannot join live because of the time difference.",
      ],
    },
  },
  {
    category: "volonterstvo",
    tags: ["volontery", "blahodiinist"],
    image: "volontery",
    ago: 25,
    uk: {
      title: "Волонтери Лондона зібрали 300 зимових комплектів одягу",
      summary: "Куртки, шапки та рукавиці поїдуть до дитячих будинків на сході України.",
      body: [
        "За три тижні збору до пункту при церкві Святого Володимира принесли понад тисячу речей. Волонтери розсортували їх у триста комплектів за розмірами.",
        "Відправка запланована на наступний тиждень. Дякуємо всім, хто відгукнувся!",
      ],
    },
    en: {
      title: "London volunteers collect 300 winter clothing kits",
      summary: "Jackets, hats and gloves will go to children's homes in eastern Ukraine.",
      body: [
        "In three weeks more than a thousand items were brought to the collection point at St Volodymyr's church. Volunteers sorted them into three hundred kits by size.",
        "The shipment leaves next week. Thank you to everyone who responded!",
      ],
    },
  },
  {
    category: "sport",
    tags: ["sport"],
    image: null,
    ago: 27,
    uk: {
      title: "Турнір з волейболу серед українських громад Європи",
      summary: "Дванадцять команд з шести країн зустрілися у Празі.",
      body: [
        "Другий турнір з волейболу серед українських громад Європи пройшов у спорткомплексі Праги. Перемогла збірна Варшави, друге місце — у Берліна.",
        "Наступного року турнір прийматиме Краків.",
      ],
    },
    en: {
      title: "Volleyball tournament among Ukrainian communities of Europe",
      summary: "Twelve teams from six countries met in Prague.",
      body: [
        "The second volleyball tournament among Ukrainian communities of Europe was held at a Prague sports centre. Warsaw won, with Berlin second.",
        "Kraków will host the tournament next year.",
      ],
    },
  },
  {
    category: "dokumenty",
    tags: ["dokumenty"],
    image: null,
    ago: 29,
    uk: {
      title: "Реєстрація автомобілів з українськими номерами в Польщі: нові правила",
      summary: "Що змінилося для власників авто, які живуть у Польщі понад рік.",
      body: [
        "Автомобілі з українською реєстрацією, власники яких постійно проживають у Польщі, потрібно зареєструвати в польському відомстві протягом встановленого строку.",
        "Перед поїздкою до відомства перевірте технічний стан авто і підготуйте переклад свідоцтва про реєстрацію.",
      ],
    },
    en: {
      title: "Registering cars with Ukrainian plates in Poland: the new rules",
      summary: "What has changed for car owners who have lived in Poland for over a year.",
      body: [
        "Cars with Ukrainian registration whose owners permanently live in Poland must be registered with the Polish authorities within the set deadline.",
        "Before visiting the office, get the car inspected and have the registration certificate translated.",
      ],
    },
  },
  {
    category: "hromada",
    tags: ["kultura"],
    image: "hromada",
    ago: 31,
    uk: {
      title: "Подкаст громади: історії українців, які почали все спочатку",
      summary: "У новому випуску — лікарка з Маріуполя, яка знову працює за фахом у Кракові.",
      body: [
        "Подкаст «Нові береги» розповідає про українців, які будують життя за кордоном. Гостя нового випуску — лікарка-педіатриня, яка за два роки підтвердила диплом і повернулася до професії.",
        "Слухайте подкаст на всіх платформах і пропонуйте героїв для наступних випусків.",
      ],
    },
  },
  {
    category: "hromada",
    tags: ["sviata"],
    image: "kontsert",
    ago: -3,
    status: "published",
    uk: {
      title: "Новорічний вечір громади: програма та реєстрація",
      summary: "Святкова вечеря, живий гурт і лотерея на підтримку суботньої школи.",
      body: [
        "Запрошуємо на новорічний вечір громади! У програмі — святкова вечеря, виступ гурту та лотерея, кошти з якої підуть на суботню школу.",
        "Кількість місць обмежена, реєстрація обов'язкова.",
      ],
    },
    en: {
      title: "Community New Year's party: programme and registration",
      summary: "A festive dinner, a live band and a raffle for the Saturday school.",
      body: [
        "Join us for the community New Year's party, with a festive dinner, a live band and a raffle supporting the Saturday school.",
        "Places are limited and registration is required.",
      ],
    },
  },
  {
    category: "hromada",
    tags: [],
    image: null,
    ago: 0,
    status: "draft",
    uk: {
      title: "Підсумки року в громаді",
      summary: "Чернетка: що вдалося зробити за рік.",
      body: ["Текст у роботі."],
    },
  },
  {
    category: "osvita",
    tags: ["dity"],
    image: null,
    ago: 0,
    status: "draft",
    uk: {
      title: "Анонс зимових таборів для дітей",
      summary: "Чернетка анонсу.",
      body: ["Деталі уточнюються."],
    },
    en: { title: "Winter camps for children", summary: "Draft announcement.", body: ["Details to follow."] },
  },
  {
    category: "dokumenty",
    tags: ["dokumenty"],
    image: null,
    ago: 120,
    status: "archived",
    uk: {
      title: "Консульство тимчасово змінює графік роботи",
      summary: "Архівна новина про літній графік.",
      body: ["Упродовж літа консульство приймало відвідувачів лише до обіду."],
    },
  },
];

export async function seedNews(ctx: SeedContext): Promise<void> {
  const slugs = new Set<string>();
  for (const [index, item] of NEWS.entries()) {
    const status = item.status ?? "published";
    const row = await ctx.db
      .insertInto("news")
      .values({
        slug: uniqueSlug(item.uk.title, slugs),
        title_uk: item.uk.title,
        title_en: item.en?.title ?? null,
        summary_uk: item.uk.summary,
        summary_en: item.en?.summary ?? null,
        body_uk: html(item.uk.body)!,
        body_en: html(item.en?.body),
        category_id: categoryId(ctx, "news", item.category),
        cover_image_id: item.image ? need(ctx.images, item.image, "image") : null,
        status,
        published_at: status === "draft" ? null : daysAgo(ctx.now, item.ago),
        author_id: index % 3 === 0 ? ctx.users.admin : ctx.users.editor,
        view_count: status === "published" && item.ago > 0 ? Math.round(40 + item.ago * 17 + (index % 7) * 23) : 0,
        seo_description_uk: index === 0 ? item.uk.summary : null,
        created_at: daysAgo(ctx.now, Math.max(item.ago, 0) + 0.1),
        updated_at: daysAgo(ctx.now, Math.max(item.ago, 0)),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (item.tags.length > 0) {
      await ctx.db
        .insertInto("news_tags")
        .values(item.tags.map((tag) => ({ news_id: row.id, tag_id: need(ctx.tags, tag, "tag") })))
        .execute();
    }
  }
  ctx.log(`seed: ${NEWS.length} news`);
}
