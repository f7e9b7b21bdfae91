import type { Language } from "~/i18n/locales";
import { cardQuery, liveAdverts, toCard, type AdvertCard, type PriceLabels } from "../adverts/queries.server.ts";

/** The live advert a first message is about, as a card; null when it is not live. */
export async function liveAdvertCard(advertId: number, language: Language, labels: PriceLabels): Promise<(AdvertCard & { ownerId: number }) | null> {
  const row = await cardQuery(liveAdverts().where("a.id", "=", advertId)).select("a.owner_id").executeTakeFirst();
  return row ? { ...toCard(row, language, labels), ownerId: row.owner_id } : null;
}
