import { ADVERT_KINDS, type AdvertKind } from "#db/schema.ts";

// What an advert is: an offer (the default, and every advert posted before kinds existed), a
// wanted advert, a thing given away for free, a call for help or an offer of help (a night's
// stay, a ride, volunteering). Pure: the form, the lists, saved searches, the lifecycle's expiry
// and the page's structured data ask these rules; nothing else branches on a kind's name.

export { ADVERT_KINDS, type AdvertKind };

export const DEFAULT_ADVERT_KIND: AdvertKind = "offer";

/** A call for help lives this many days from its publication, whatever the portal's advert lifetime. */
export const HELP_NEEDED_LIFETIME_DAYS = 7;

export function isAdvertKind(value: unknown): value is AdvertKind {
  return typeof value === "string" && (ADVERT_KINDS as readonly string[]).includes(value);
}

/** The two help kinds: their owner marks them "resolved" (the lifecycle's `sold` move and status). */
export function isHelpKind(kind: AdvertKind): boolean {
  return kind === "help_needed" || kind === "help_offered";
}

/** A gift has no price: the form hides the price block and the advert is stored as free. */
export function kindHasPrice(kind: AdvertKind): boolean {
  return kind !== "give_away";
}

/**
 * Whether the page's structured data may describe it as an Offer (a Product with an Offer, or
 * a JobPosting): an offer, and a gift (an Offer at price 0). A wanted advert's budget and the
 * help kinds are no offer of goods at a price.
 */
export function kindIsOffer(kind: AdvertKind): boolean {
  return kind === "offer" || kind === "give_away";
}

/** How many days an advert of `kind` stays live when it is published or renewed. */
export function lifetimeDaysFor(kind: AdvertKind, advertLifetimeDays: number): number {
  return kind === "help_needed" ? HELP_NEEDED_LIFETIME_DAYS : advertLifetimeDays;
}

/** The word a status is shown by: a help advert marked sold reads "resolved" (one lifecycle, two words). */
export function statusLabel<S extends string>(status: S, kind: AdvertKind): S | "resolved" {
  return status === "sold" && isHelpKind(kind) ? "resolved" : status;
}

/** Who posted it, in the page's words: an offer's poster is its seller, anyone else its author. */
export function posterRole(kind: AdvertKind): "seller" | "author" {
  return kind === "offer" ? "seller" : "author";
}
