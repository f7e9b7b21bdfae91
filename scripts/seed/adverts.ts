import type { AdvertKind, AdvertStatus, Currency } from "#db/schema.ts";
import { initialValues } from "#app/modules/adverts/fields.server.ts";
import { parseFieldValue, valueColumns } from "#app/modules/adverts/category-field-values.ts";
import { slugify } from "#app/platform/slug/transliterate.ts";
import { categoryId, daysAgo, need, type SeedContext } from "./context.ts";
import { copySeedImage, type SeedImage } from "./images.ts";

type Owner = "user" | 0 | 1 | 2 | 3;
type Price = [number, Currency] | "free" | "negotiable";
type AdvertSeed = {
  owner: Owner;
  /** What it is, when not an offer (app/modules/adverts/kinds.ts). */
  kind?: AdvertKind;
  category: string;
  location: string;
  title: string;
  description: string;
  price: Price;
  images?: string[];
  /** Published this many days before the seed time. */
  ago: number;
  status?: AdvertStatus;
  phone?: string;
  rejection?: string;
  /** Days it stays live, when not the usual 30 (an advert about to expire, for the reminder mail). */
  lifetime?: number;
  /** Its category's fields (scripts/seed/advert-fields.ts) by key, as the form would take them. */
  fields?: Record<string, string>;
};

const ADVERTS: AdvertSeed[] = [
  {
    owner: "user",
    category: "elektronika",
    location: "varshava",
    price: [2800, "PLN"],
    images: ["foto-tekhnika"],
    ago: 1,
    phone: "+48 501 234 567",
    title: "Ноутбук Lenovo ThinkPad T14, 16 ГБ ОЗП",
    description:
      "Продаю ноутбук у дуже доброму стані, куплений рік тому. Процесор Ryzen 5, 16 ГБ оперативної пам'яті, SSD 512 ГБ. Батарея тримає до 8 годин. У комплекті зарядка і чохол.",
  },
  {
    owner: "user",
    category: "dytiachi-rechi",
    location: "varshava",
    price: [350, "PLN"],
    images: ["foto-dim"],
    ago: 2,
    title: "Дитяча коляска 2 в 1, синя",
    description:
      "Коляска після однієї дитини, все працює, колеса не скриплять. Люлька і прогулянковий блок, дощовик у комплекті. Самовивіз з району Воля.",
  },
  {
    owner: "user",
    kind: "give_away",
    category: "viddam-bezkoshtovno",
    location: "varshava",
    price: "free",
    images: ["foto-dim"],
    ago: 3,
    title: "Віддам дитячі книжки українською",
    description:
      "Віддам безкоштовно близько двадцяти дитячих книжок українською мовою для дітей 3–7 років. Казки, енциклопедії, розмальовки. Забрати біля метро Centrum.",
  },
  {
    owner: "user",
    category: "posluhy",
    location: "varshava",
    price: "negotiable",
    ago: 4,
    phone: "+48 501 234 567",
    title: "Репетитор з математики для школярів",
    description:
      "Вчителька математики з 15-річним досвідом. Готую до іспитів, допомагаю з домашніми завданнями за польською та українською програмою. Заняття онлайн або у вас вдома.",
  },
  {
    owner: "user",
    category: "dim-i-sad",
    location: "varshava",
    price: [120, "PLN"],
    images: ["foto-dim"],
    ago: 40,
    status: "expired",
    title: "Стіл розкладний кухонний",
    description: "Розкладний стіл на 4–6 осіб, білий, невеликі сліди користування. Розміри у складеному вигляді 80 на 80 см.",
  },
  {
    owner: "user",
    category: "odiah",
    location: "varshava",
    price: [200, "PLN"],
    ago: 20,
    status: "sold",
    title: "Зимова куртка жіноча, розмір M",
    description: "Тепла пухова куртка, розмір M, колір бордо. Носила один сезон, без пошкоджень. Продано, дякую всім!",
  },
  {
    owner: "user",
    category: "elektronika",
    location: "varshava",
    price: [900, "PLN"],
    images: ["foto-tekhnika"],
    ago: 0,
    status: "pending",
    title: "Планшет Samsung Galaxy Tab S8",
    description: "Планшет у відмінному стані, без подряпин, з оригінальним стилусом і чохлом-клавіатурою. Чек є.",
  },
  {
    owner: "user",
    category: "dim-i-sad",
    location: "varshava",
    price: [60, "PLN"],
    ago: 0,
    status: "draft",
    title: "Набір каструль",
    description: "Чернетка: набір з трьох каструль з нержавійки, ще не сфотографувала.",
  },
  // Older and about to expire: they can be raised to the top, and their owner gets the reminder mail.
  {
    owner: "user",
    category: "transport",
    location: "varshava",
    price: [700, "PLN"],
    ago: 9,
    lifetime: 11,
    title: "Велосипед міський Kross, рама M",
    description: "Міський велосипед Kross, рама M, сім передач, багажник і крила. Обслужений цієї весни, нові гальмівні колодки.",
  },
  {
    owner: "user",
    category: "dim-i-sad",
    location: "varshava",
    price: [250, "PLN"],
    ago: 9,
    lifetime: 11,
    title: "Крісло офісне з підлокітниками",
    description: "Офісне крісло з регульованою висотою і підлокітниками, сітчаста спинка. Користувалася два роки, все працює.",
  },
  {
    owner: 0,
    category: "orenda-kvartyr",
    location: "krakiv",
    price: [3200, "PLN"],
    images: ["foto-zhytlo", "foto-dim"],
    ago: 1,
    phone: "+48 602 111 222",
    fields: { rent: "3200", rooms: "2", area: "48", available_from: "2026-12-01", pets: "no", registration: "yes" },
    title: "Здам 2-кімнатну квартиру біля центру",
    description:
      "Здається двокімнатна квартира 48 м² на вулиці Кроводерській, 10 хвилин пішки до Ринку. Повністю мебльована, пральна машина, посудомийка. Оплата 3200 злотих плюс комунальні. Можна з дітьми.",
  },
  {
    owner: 0,
    category: "robota",
    location: "krakiv",
    price: [5200, "PLN"],
    ago: 2,
    phone: "+48 602 111 222",
    fields: { salary_from: "5200", salary_to: "6000", employment: "full_time", polish: "basic", remote: "no" },
    title: "Шукаємо кухаря в українське кафе",
    description:
      "Кафе української кухні в Кракові шукає кухаря або кухарку. Графік 2/2, оплата 32 злотих за годину, офіційне працевлаштування. Досвід бажаний, навчимо наших рецептів.",
  },
  {
    owner: 0,
    category: "kimnaty",
    location: "krakiv",
    price: [1400, "PLN"],
    images: ["foto-zhytlo"],
    ago: 5,
    fields: { rent: "1400", rooms: "1", area: "14", pets: "no", registration: "yes" },
    title: "Кімната для дівчини у квартирі з господинею",
    description:
      "Здам окрему кімнату для дівчини без шкідливих звичок. Район Підгуже, трамвай до центру 10 хвилин. Інтернет і комунальні включено.",
  },
  {
    owner: 0,
    category: "transport",
    location: "krakiv",
    price: [8500, "EUR"],
    images: ["foto-transport"],
    ago: 6,
    phone: "+48 602 111 222",
    fields: { year: "2016", mileage: "180000" },
    title: "Skoda Octavia 2016, дизель, універсал",
    description:
      "Продаю Skoda Octavia III універсал, 2.0 TDI, 180 тисяч км пробігу, сервісна книжка. Польська реєстрація, техогляд до наступного року. Торг біля авто.",
  },
  {
    owner: 0,
    category: "dytiachi-rechi",
    location: "krakiv",
    price: "free",
    ago: 7,
    title: "Віддам дитячий одяг на хлопчика 2–3 роки",
    description: "Великий пакет одягу на хлопчика 92–98 см: штани, кофти, куртка на осінь. Все чисте, у доброму стані. Віддам безкоштовно.",
  },
  {
    owner: 0,
    category: "posluhy",
    location: "krakiv",
    price: [80, "PLN"],
    ago: 8,
    title: "Манікюр і педикюр з виїздом додому",
    description:
      "Майстриня з досвідом 8 років. Манікюр з покриттям — 80 злотих, педикюр — 120. Стерильні інструменти, працюю з виїздом по Кракову.",
  },
  {
    owner: 0,
    category: "elektronika",
    location: "krakiv",
    price: [1500, "PLN"],
    images: ["foto-tekhnika"],
    ago: 9,
    title: "iPhone 13, 128 ГБ, синій",
    description: "Телефон у гарному стані, батарея 86%. Завжди був у чохлі і з захисним склом. Коробка і кабель у комплекті.",
  },
  {
    owner: 0,
    category: "robota",
    location: "krakiv",
    price: [2400, "PLN"],
    ago: 0,
    status: "pending",
    fields: { salary_from: "2400", employment: "part_time", polish: "none" },
    title: "Потрібна няня на неповний день",
    description: "Шукаємо няню для хлопчика 4 років з понеділка по п'ятницю з 14:00 до 18:00. Бажано з досвідом і рекомендаціями.",
  },
  {
    owner: 1,
    category: "transport",
    location: "berlin",
    price: [450, "EUR"],
    images: ["foto-transport"],
    ago: 1,
    title: "Велосипед міський Gazelle, 28 дюймів",
    description:
      "Міський велосипед з планетарною втулкою на 7 передач, динамо-фара, багажник. Розмір рами 53 см. Гарний стан, нові гальмівні колодки.",
  },
  {
    owner: 1,
    category: "posluhy",
    location: "berlin",
    price: "negotiable",
    ago: 2,
    phone: "+49 151 2345 6789",
    title: "Ремонт квартир: малярка, плитка, ламінат",
    description:
      "Бригада з двох майстрів виконає ремонт під ключ. Фарбування стін, укладання плитки і ламінату, дрібна сантехніка. Працюємо по всьому Берліну, ціна після огляду.",
  },
  {
    owner: 1,
    category: "orenda-kvartyr",
    location: "berlin",
    price: [1150, "EUR"],
    images: ["foto-zhytlo"],
    ago: 3,
    fields: { rooms: "1", area: "38", available_from: "2027-01-01", pets: "no", registration: "yes" },
    title: "Zwischenmiete: квартира на 6 місяців у Нойкельні",
    description: "Здаю свою однокімнатну квартиру 38 м² на пів року, з січня. Мебльована, тепла оренда 1150 євро. Anmeldung можливий.",
  },
  {
    owner: 1,
    category: "dim-i-sad",
    location: "berlin",
    price: [70, "EUR"],
    images: ["foto-dim"],
    ago: 4,
    title: "Шафа IKEA PAX, біла, 150 см",
    description: "Шафа IKEA PAX шириною 150 см з розсувними дверима. Розібрана, всі кріплення є. Самовивіз з Шпандау.",
  },
  {
    owner: 1,
    category: "robota",
    location: "berlin",
    price: [14, "EUR"],
    ago: 5,
    fields: { employment: "full_time", polish: "none", remote: "no" },
    title: "Помічник на склад, можна без німецької",
    description:
      "Логістична компанія шукає працівників на склад: комплектація замовлень, змінний графік. 14 євро за годину, повний робочий день, договір.",
  },
  {
    owner: 1,
    category: "odiah",
    location: "berlin",
    price: [40, "EUR"],
    ago: 6,
    title: "Вишиванка чоловіча, ручна робота",
    description: "Чоловіча сорочка з ручною вишивкою, полтавський орнамент, розмір L. Вдягали двічі на свята.",
  },
  {
    owner: 1,
    category: "elektronika",
    location: "berlin",
    price: [150, "EUR"],
    images: ["foto-tekhnika"],
    ago: 50,
    status: "expired",
    title: "Монітор Dell 27 дюймів",
    description: "Монітор Dell 27 дюймів, роздільна здатність QHD. Працює без нарікань, є невелика подряпина на рамці.",
  },
  {
    owner: 2,
    category: "posluhy",
    location: "praha",
    price: [30, "EUR"],
    ago: 1,
    title: "Присяжний перекладач: чеська, українська",
    description:
      "Засвідчені переклади документів з української на чеську і навпаки: свідоцтва, дипломи, довідки. Термін від двох днів. Працюю в Празі, можливо поштою.",
  },
  {
    owner: 2,
    category: "kimnaty",
    location: "praha",
    price: [420, "EUR"],
    images: ["foto-zhytlo"],
    ago: 2,
    fields: { rooms: "1", area: "14", pets: "yes" },
    title: "Кімната в Празі 7, поруч з метро",
    description:
      "Здаю кімнату 14 м² у трикімнатній квартирі, сусіди — українська родина. Ціна 420 євро разом з комунальними. Метро Vltavská за п'ять хвилин.",
  },
  {
    owner: 2,
    category: "dytiachi-rechi",
    location: "praha",
    price: [60, "EUR"],
    images: ["foto-dim"],
    ago: 3,
    title: "Автокрісло для дитини 9–18 кг",
    description: "Автокрісло групи 1 з кріпленням Isofix. Не було в аваріях, чохол випраний.",
  },
  {
    owner: 2,
    category: "viddam-bezkoshtovno",
    location: "praha",
    price: "free",
    ago: 4,
    title: "Віддам кімнатні рослини",
    description: "Переїжджаю і віддаю кімнатні рослини: монстера, фікус, два кактуси і сансевієрія. Разом з горщиками.",
  },
  {
    owner: 2,
    category: "robota",
    location: "praha",
    price: "negotiable",
    ago: 5,
    fields: { employment: "part_time", polish: "none", remote: "yes" },
    title: "Шукаю роботу бухгалтера",
    description:
      "Бухгалтерка з 10-річним досвідом в Україні, знаю чеську на рівні B1, вивчаю місцеве законодавство. Розгляну часткову зайнятість або стажування.",
  },
  {
    owner: 2,
    category: "transport",
    location: "praha",
    price: [300, "EUR"],
    ago: 8,
    status: "rejected",
    rejection: "Немає фото і опис не відповідає категорії.",
    title: "Продам зимові шини",
    description: "Комплект зимових шин R16, протектор 6 мм, два сезони. Підійде для більшості седанів.",
  },
  {
    owner: 3,
    category: "transport",
    location: "london",
    price: [3200, "GBP"],
    images: ["foto-transport"],
    ago: 1,
    fields: { year: "2015", mileage: "153000" },
    title: "Toyota Yaris Hybrid 2015, автомат",
    description: "Економічна міська машина, 95 тисяч миль, повна сервісна історія, MOT до осені. Один власник у Великій Британії.",
  },
  {
    owner: 3,
    category: "robota",
    location: "london",
    price: [13, "GBP"],
    ago: 2,
    fields: { employment: "part_time", remote: "no" },
    title: "Cleaner wanted, part-time",
    description:
      "Cleaning company in West London is looking for a cleaner, 20 hours a week, £13 per hour. Ukrainian or English speakers welcome, training provided.",
  },
  {
    owner: 3,
    category: "kimnaty",
    location: "london",
    price: [750, "GBP"],
    images: ["foto-zhytlo"],
    ago: 3,
    fields: { rooms: "1", pets: "no" },
    title: "Double room in Ealing, bills included",
    description:
      "Double room in a quiet shared house in Ealing, ten minutes from the Elizabeth line. £750 per month including bills and Wi-Fi. Suits a working professional.",
  },
  {
    owner: 3,
    category: "elektronika",
    location: "london",
    price: [220, "GBP"],
    images: ["foto-tekhnika"],
    ago: 4,
    title: "PlayStation 5 з двома джойстиками",
    description: "Приставка PS5 з дисководом, два джойстики і три диски з іграми. Все працює, продаю через переїзд.",
  },
  {
    owner: 3,
    category: "posluhy",
    location: "london",
    price: "negotiable",
    ago: 6,
    title: "Перевезення речей по Лондону",
    description: "Фургон і двоє вантажників. Переїзди, доставка меблів з IKEA, вивіз старих речей. Працюємо щодня, зокрема ввечері.",
  },
  {
    owner: 3,
    category: "dim-i-sad",
    location: "toronto",
    price: [250, "CAD"],
    images: ["foto-dim"],
    ago: 2,
    title: "Диван-ліжко, сірий, майже новий",
    description: "Диван-ліжко з ящиком для білизни, сіра тканина, використовувався як гостьовий пів року. Самовивіз з Етобіко.",
  },
  {
    owner: 3,
    category: "robota",
    location: "toronto",
    price: [24, "CAD"],
    ago: 3,
    fields: { employment: "full_time", remote: "no" },
    title: "Помічник електрика, повний день",
    description:
      "Шукаємо помічника електрика на житлові об'єкти у Торонто і GTA. Оплата від 24 доларів за годину, потрібні права і власні інструменти.",
  },
  {
    owner: 3,
    category: "orenda-kvartyr",
    location: "toronto",
    price: [2100, "CAD"],
    images: ["foto-zhytlo", "foto-dim"],
    ago: 5,
    fields: { rooms: "1", area: "55", available_from: "2026-12-01", pets: "yes" },
    title: "Basement apartment near Jane station",
    description:
      "Bright one-bedroom basement apartment with a separate entrance, own laundry and parking. $2100 including utilities. Available from the first of the month.",
  },
  {
    owner: 0,
    category: "posluhy",
    location: "niu-iork",
    price: [50, "USD"],
    ago: 2,
    title: "Уроки фортепіано для дітей і дорослих",
    description: "Викладачка з консерваторською освітою дає уроки фортепіано в Брукліні і онлайн. Перше заняття — безкоштовне знайомство.",
  },
  {
    owner: 0,
    category: "elektronika",
    location: "niu-iork",
    price: [380, "USD"],
    images: ["foto-tekhnika"],
    ago: 3,
    title: "MacBook Air 2017, 8 ГБ",
    description: "Старенький, але надійний MacBook Air 13 дюймів. Батарея замінена рік тому. Підійде для навчання і роботи з документами.",
  },
  {
    owner: 1,
    category: "odiah",
    location: "niu-iork",
    price: [30000, "UAH"],
    ago: 4,
    title: "Весільна сукня, розмір 44",
    description: "Весільна сукня з мереживом, розмір 44, зріст до 170 см. Можу передати в Київ з родичами або відправити поштою.",
  },
  {
    owner: 2,
    category: "posluhy",
    location: "vrotslav",
    price: [150, "PLN"],
    ago: 3,
    title: "Консультації психолога українською",
    description:
      "Психологиня з досвідом роботи з переселенцями. Тривожність, адаптація, стосунки в родині. Онлайн або в кабінеті у Вроцлаві, 50 хвилин.",
  },
  {
    owner: 2,
    category: "transport",
    location: "vrotslav",
    price: "negotiable",
    images: ["foto-transport"],
    ago: 4,
    title: "Пасажирські перевезення Вроцлав — Львів",
    description:
      "Щотижневі рейси мікроавтобусом Вроцлав — Львів і назад. Виїзд у п'ятницю ввечері, забираємо з дому. Посилки теж перевозимо.",
  },
  {
    owner: "user",
    category: "robota",
    location: "vrotslav",
    price: [14000, "PLN"],
    ago: 5,
    fields: { salary_from: "14000", salary_to: "19000", employment: "contract", polish: "none", remote: "yes" },
    title: "Вакансія: фронтенд-розробник (React)",
    description:
      "IT-компанія у Вроцлаві шукає фронтенд-розробника з досвідом React від двох років. Гібридний формат, польська не обов'язкова, англійська B2.",
  },
  {
    owner: 1,
    category: "dim-i-sad",
    location: "vrotslav",
    price: [95, "PLN"],
    images: ["foto-dim"],
    ago: 10,
    title: "Мікрохвильова піч Samsung",
    description: "Мікрохвильовка з грилем, 23 літри, працює ідеально. Продаю через переїзд.",
  },
  {
    owner: 0,
    kind: "give_away",
    category: "viddam-bezkoshtovno",
    location: "london",
    price: "free",
    ago: 5,
    title: "Віддам коробки для переїзду",
    description: "Після переїзду залишилось близько тридцяти міцних картонних коробок і пакувальна плівка. Забирайте безкоштовно в Актоні.",
  },
  // Later additions: enough jobs and flats in Poland for the list's field filters to narrow something.
  {
    owner: 2,
    category: "robota",
    location: "varshava",
    price: [4800, "PLN"],
    ago: 1,
    fields: { salary_from: "4800", salary_to: "5500", employment: "full_time", polish: "basic", remote: "no" },
    title: "Оператор виробничої лінії, Варшава",
    description:
      "Харчова фабрика під Варшавою шукає операторів лінії. Повна зайнятість, трудовий договір, безкоштовний доїзд від метро. Навчання на місці, польська на базовому рівні.",
  },
  {
    owner: 1,
    category: "robota",
    location: "vrotslav",
    price: [3500, "PLN"],
    ago: 2,
    fields: { salary_from: "3500", employment: "temporary", polish: "none", remote: "no" },
    title: "Сезонна робота на складі перед святами",
    description:
      "Тимчасова робота на складі інтернет-магазину з 1 грудня до 15 січня. Пакування замовлень, дві зміни. Житло можемо допомогти знайти.",
  },
  {
    owner: 3,
    category: "orenda-kvartyr",
    location: "varshava",
    price: [4100, "PLN"],
    images: ["foto-zhytlo"],
    ago: 2,
    fields: { rent: "4100", rooms: "3", area: "64", available_from: "2026-12-15", pets: "yes", registration: "yes" },
    title: "Трикімнатна квартира на Мокотові",
    description:
      "Здається простора трикімнатна квартира 64 м² на Мокотові, поруч парк і метро. Балкон, кухня з технікою. Можна з тваринами, можлива прописка.",
  },
  {
    owner: 2,
    category: "kimnaty",
    location: "vrotslav",
    price: [1100, "PLN"],
    ago: 3,
    fields: { rent: "1100", rooms: "1", area: "12", available_from: "2026-12-01", pets: "no", registration: "no" },
    title: "Кімната біля Політехніки для студента",
    description: "Невелика кімната у квартирі з двома студентами, десять хвилин до Політехніки. Комунальні та інтернет включено в ціну.",
  },
  // One of each kind besides offers and gifts (app/modules/adverts/kinds.ts).
  {
    owner: 1,
    kind: "wanted",
    category: "dytiachi-rechi",
    location: "krakiv",
    price: [300, "PLN"],
    ago: 1,
    title: "Шукаю дитячий велосипед на 5–6 років",
    description: "Шукаю вживаний дитячий велосипед з колесами 16 дюймів для сина. Бюджет до 300 злотих, можу забрати сам у Кракові.",
  },
  {
    owner: 3,
    kind: "help_needed",
    category: "zhytlo",
    location: "berlin",
    price: "negotiable",
    ago: 1,
    lifetime: 7,
    title: "Потрібна ночівля на дві ночі для мами з дитиною",
    description:
      "Приїжджаємо до Берліна в четвер на співбесіду в консульстві, шукаємо ночівлю на дві ночі. Будемо вдячні за будь-який куточок.",
  },
  {
    owner: 2,
    kind: "help_offered",
    category: "posluhy",
    location: "varshava",
    price: "free",
    ago: 2,
    title: "Підвезу з Варшави до Львова в суботу",
    description:
      "У суботу зранку їду автівкою з Варшави до Львова, є два вільні місця. Безкоштовно, можу взяти невеликі речі для передачі.",
  },
  // Near Kraków (places.ts): Wieliczka ~12 km, Katowice ~68 km, for the lists' radius search.
  {
    owner: 1,
    category: "elektronika",
    location: "velichka",
    price: [650, "PLN"],
    ago: 10,
    title: "Кавоварка DeLonghi Magnifica, гарний стан",
    description: "Автоматична кавоварка, регулярно чищена, з інструкцією і запасним фільтром. Забрати у Велічці або привезу до Кракова.",
  },
  {
    owner: 2,
    category: "transport",
    location: "katovitse",
    price: [900, "PLN"],
    ago: 12,
    title: "Гірський велосипед Kross Hexagon, рама M",
    description: "Велосипед 2021 року, нові гальмівні колодки і ланцюг. Продаю, бо переїжджаю. Можна оглянути в Катовіцах у вихідні.",
  },
];

/** A short, stable suffix that keeps advert slugs unique: "<title>-<suffix>". */
function suffix(index: number): string {
  return (46_656 + index * 7_919).toString(36);
}

function owners(ctx: SeedContext): (owner: Owner) => number {
  return (owner) => (owner === "user" ? ctx.users.user : ctx.users.others[owner]!);
}

export async function seedAdverts(ctx: SeedContext, images: readonly SeedImage[]): Promise<void> {
  const ownerId = owners(ctx);
  const imagesByName = new Map(images.map((image) => [image.name, image]));
  const contacts = await ctx.db.selectFrom("users").select(["id", "name", "email"]).execute();
  const contactOf = new Map(contacts.map((c) => [c.id, c]));
  const fieldRow = await fieldRows(ctx);
  let photos = 0;
  let values = 0;
  for (const [index, item] of ADVERTS.entries()) {
    const owner = ownerId(item.owner);
    const status = item.status ?? "published";
    const publishedAt = status === "draft" || status === "pending" || status === "rejected" ? null : daysAgo(ctx.now, item.ago);
    const expiresAt = publishedAt ? new Date(publishedAt.getTime() + (item.lifetime ?? 30) * 24 * 60 * 60 * 1000) : null;
    const contact = contactOf.get(owner)!;
    const row = await ctx.db
      .insertInto("advertisements")
      .values({
        // The contact fields as a new advert's form fills them from the profile.
        ...initialValues({ name: contact.name, email: contact.email, phone: item.phone ?? null }),
        slug: `${slugify(item.title, 60)}-${suffix(index)}`,
        owner_id: owner,
        category_id: categoryId(ctx, "advertisement", item.category),
        location_id: need(ctx.locations, item.location, "location"),
        kind: item.kind ?? "offer",
        title: item.title,
        description: item.description,
        price_kind: Array.isArray(item.price) ? "amount" : item.price,
        price_amount: Array.isArray(item.price) ? item.price[0].toFixed(2) : null,
        price_currency: Array.isArray(item.price) ? item.price[1] : null,
        status,
        rejection_reason: item.rejection ?? null,
        published_at: publishedAt,
        expires_at: expiresAt,
        view_count: publishedAt ? 12 + ((index * 37) % 240) : 0,
        phone_reveal_count: item.phone && publishedAt ? (index * 7) % 19 : 0,
        created_at: daysAgo(ctx.now, item.ago + 0.05),
        updated_at: daysAgo(ctx.now, item.ago),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [position, name] of (item.images ?? []).entries()) {
      const source = imagesByName.get(name);
      if (!source) throw new Error(`seed: unknown image "${name}"`);
      const imageId = await copySeedImage(ctx, source, owner);
      await ctx.db.insertInto("advertisement_images").values({ advertisement_id: row.id, image_id: imageId, position }).execute();
      photos++;
    }
    for (const [key, text] of Object.entries(item.fields ?? {})) {
      await ctx.db
        .insertInto("advert_field_values")
        .values(fieldRow(categoryId(ctx, "advertisement", item.category), key, text, row.id))
        .execute();
      values++;
    }
  }
  ctx.log(`seed: ${ADVERTS.length} adverts with ${photos} photos and ${values} field values`);
}

/** A seeded field value as its row: the field looked up in the category and its ancestors, the text checked by the form's rules. */
async function fieldRows(ctx: SeedContext) {
  const [fields, categories] = await Promise.all([
    ctx.db.selectFrom("advert_fields").select(["id", "category_id", "key", "kind", "required", "options"]).execute(),
    ctx.db.selectFrom("categories").select(["id", "parent_id"]).where("kind", "=", "advertisement").execute(),
  ]);
  const parents = new Map(categories.map((category) => [category.id, category.parent_id]));
  return (categoryId: number, key: string, text: string, advertId: number) => {
    let field;
    for (let id: number | null | undefined = categoryId; id != null && !field; id = parents.get(id))
      field = fields.find((row) => row.category_id === id && row.key === key);
    if (!field) throw new Error(`seed: no field ${key} for category ${categoryId}`);
    const parsed = parseFieldValue(field, text);
    if (!parsed.ok || !parsed.value) throw new Error(`seed: bad value ${text} for ${key}`);
    return { advertisement_id: advertId, field_id: field.id, ...valueColumns(parsed.value) };
  };
}
