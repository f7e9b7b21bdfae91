import type { Language } from "#app/i18n/locales.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { displayDate, type DisplayDate } from "#app/platform/format/dates.ts";
import { ADVERT_PAGE_SIZE, cardQuery, liveAdverts, toCard, type AdvertCard, type PriceLabels } from "./queries.server.ts";
import { userTextLang } from "#app/platform/format/text-language.ts";
import { offsetOf } from "#app/platform/lists/pagination.ts";

// A seller's public page: who they are to a buyer (name, since when, whether their email is
// verified) and what they sell now. Never their email, phone or sequential id.

export type SellerProfile = {
  publicId: string;
  name: string;
  /** The name's script read as a language, where it is not the page's ("Олена" on an English page). */
  nameLang?: Language;
  memberSince: DisplayDate;
  emailVerified: boolean;
  liveCount: number;
};

/** The public id is random (users.public_id); anything else finds nobody. */
const PUBLIC_ID = /^[0-9a-f]{16}$/;

export async function sellerPage(
  publicId: string,
  page: number,
  language: Language,
  labels: PriceLabels,
): Promise<{ seller: SellerProfile; items: AdvertCard[] } | null> {
  if (!PUBLIC_ID.test(publicId)) return null;
  const user = await getDb()
    .selectFrom("users")
    .select(["id", "name", "created_at", "email_verified_at"])
    .where("public_id", "=", publicId)
    .where("blocked_at", "is", null)
    .executeTakeFirst();
  if (!user) return null;
  const mine = liveAdverts().where("a.owner_id", "=", user.id);
  const [count, rows] = await Promise.all([
    mine.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    cardQuery(mine)
      .orderBy("a.published_at", "desc")
      .orderBy("a.id", "desc")
      .limit(ADVERT_PAGE_SIZE)
      .offset(offsetOf(page, ADVERT_PAGE_SIZE))
      .execute(),
  ]);
  return {
    seller: {
      publicId,
      name: user.name,
      nameLang: userTextLang(user.name, language),
      memberSince: displayDate(new Date(user.created_at), language),
      emailVerified: user.email_verified_at !== null,
      liveCount: Number(count.n),
    },
    items: rows.map((row) => toCard(row, language, labels)),
  };
}
