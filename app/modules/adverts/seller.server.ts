import type { Language } from "#app/i18n/locales.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { trustProfile } from "#app/modules/ratings/trust-stats.server.ts";
import type { TrustView } from "#app/modules/ratings/trust.ts";
import { ADVERT_PAGE_SIZE, cardQuery, liveAdverts, toCard, type AdvertCard, type PriceLabels } from "./queries.server.ts";
import { userTextLang } from "#app/platform/format/text-language.ts";
import { offsetOf } from "#app/platform/lists/pagination.ts";

// A seller's public page: who they are to a buyer (name, ratings and figures: ratings/
// trust-stats.server.ts) and what they sell now. Never their email, phone or sequential id.

export type SellerProfile = {
  publicId: string;
  name: string;
  /** The name's script read as a language, where it is not the page's ("Олена" on an English page). */
  nameLang?: Language;
  liveCount: number;
};

/** The seller page shows more of the newest reviews than the advert page. */
const SELLER_PAGE_REVIEWS = 5;

/** The public id is random (users.public_id); anything else finds nobody. */
const PUBLIC_ID = /^[0-9a-f]{16}$/;

export async function sellerPage(
  publicId: string,
  page: number,
  language: Language,
  labels: PriceLabels,
): Promise<{ seller: SellerProfile; trust: TrustView; items: AdvertCard[] } | null> {
  if (!PUBLIC_ID.test(publicId)) return null;
  const user = await getDb()
    .selectFrom("users")
    .select(["id", "name"])
    .where("public_id", "=", publicId)
    .where("blocked_at", "is", null)
    .executeTakeFirst();
  if (!user) return null;
  const mine = liveAdverts().where("a.owner_id", "=", user.id);
  const [count, rows, trust] = await Promise.all([
    mine.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    cardQuery(mine)
      .orderBy("a.published_at", "desc")
      .orderBy("a.id", "desc")
      .limit(ADVERT_PAGE_SIZE)
      .offset(offsetOf(page, ADVERT_PAGE_SIZE))
      .execute(),
    trustProfile(user.id, language, SELLER_PAGE_REVIEWS),
  ]);
  if (!trust) return null;
  return {
    seller: {
      publicId,
      name: user.name,
      nameLang: userTextLang(user.name, language),
      liveCount: Number(count.n),
    },
    trust,
    items: rows.map((row) => toCard(row, language, labels)),
  };
}
