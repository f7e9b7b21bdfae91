import type { Language } from "#app/i18n/locales.ts";
import type { DisplayDate } from "#app/platform/format/dates.ts";

// What the seller and advert pages show of a person (components/adverts/seller-trust.tsx):
// plain data, no server code, so a component may name it.

export type TrustReview = {
  id: number;
  stars: number;
  body: string;
  bodyLang?: Language;
  /** The rater's name; null when their account is gone. */
  by: string | null;
  at: DisplayDate;
  answer: string | null;
  answerLang?: Language;
};

export type TrustView = {
  /** Month and year. */
  memberSince: DisplayDate;
  emailVerified: boolean;
  liveAdverts: number;
  soldAdverts: number;
  /** The average of the counted ratings ("4,5"), and their count; null without any. */
  rating: { average: string; count: number } | null;
  /** "Usually answers within N hours"; null with too few conversations to say. */
  replyHours: number | null;
  /** The share (%) of conversations others started that the person answered; null with too few. */
  answerRate: number | null;
  reviews: TrustReview[];
};
