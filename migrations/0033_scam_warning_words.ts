import { type Kysely, sql } from "kysely";

// Scam warnings in message threads (app/modules/messages/scam-signals.ts): the staff's two word
// lists, one word or phrase per line, in Ukrainian, English, Polish and Russian. Payment words
// warn of a request to pay in advance, messenger words of an offer to leave the portal's
// messages. Links and phone numbers are recognised without a list. Staff edit both in the
// dashboard's settings; the lists start with these words.

const PAYMENT = [
  // uk
  "передоплата",
  "передоплату",
  "передоплати",
  "передплата",
  "передплату",
  "аванс",
  "авансом",
  "оплата наперед",
  "оплатіть наперед",
  "номер картки",
  "номер карти",
  "переказ на картку",
  "переказати на картку",
  "скиньте на картку",
  "безпечна оплата",
  "доставка OLX",
  // en
  "prepayment",
  "pre-payment",
  "advance payment",
  "pay in advance",
  "payment in advance",
  "upfront payment",
  "pay upfront",
  "card number",
  "BLIK",
  "Western Union",
  "MoneyGram",
  "safe payment",
  // pl
  "zaliczka",
  "zaliczkę",
  "zaliczki",
  "przedpłata",
  "przedpłatę",
  "przedpłaty",
  "płatność z góry",
  "numer karty",
  "przelew na kartę",
  "kod BLIK",
  // ru
  "предоплата",
  "предоплату",
  "предоплаты",
  "оплата вперед",
  "оплата вперёд",
  "номер карты",
  "перевод на карту",
  "скиньте на карту",
];

const MESSENGER = [
  "WhatsApp",
  "Telegram",
  "Viber",
  "Signal",
  // uk
  "ватсап",
  "ватсапі",
  "вотсап",
  "вотсапі",
  "вацап",
  "вайбер",
  "вайбері",
  "телеграм",
  "телеграмі",
  "телеграмом",
  "напишіть у",
  "напишіть в",
  "пишіть у",
  "пишіть в",
  // en
  "text me on",
  "write me on",
  "message me on",
  // pl
  "WhatsAppie",
  "Telegramie",
  "Viberze",
  "napisz na",
  "napisz do mnie na",
  "pisz na",
  // ru
  "ватсапе",
  "вотсапе",
  "вайбере",
  "телеграме",
  "телеграмме",
  "телега",
  "напишите в",
  "пишите в",
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table settings add column if not exists scam_payment_words text not null default ''`.execute(db);
  await sql`alter table settings add column if not exists scam_messenger_words text not null default ''`.execute(db);
  await sql`update settings set scam_payment_words = ${PAYMENT.join("\n")}, scam_messenger_words = ${MESSENGER.join("\n")}
    where id = 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table settings drop column if exists scam_messenger_words`.execute(db);
  await sql`alter table settings drop column if exists scam_payment_words`.execute(db);
}
