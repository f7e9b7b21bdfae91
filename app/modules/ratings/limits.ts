// The rules of ratings shared by the forms (browser) and the server: no zod here, so a page
// that imports them does not pull it in.

/** A rating's optional text and the rated person's answer, in characters as PostgreSQL counts them. */
export const RATING_TEXT_MAX_LENGTH = 500;
export const ANSWER_MAX_LENGTH = 500;
export const STARS = [1, 2, 3, 4, 5] as const;

const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
/** A conversation may be rated from this long after it began (a day)… */
export const RATE_FROM_MS = 24 * HOUR_MS;
/** …until this long after. */
export const RATE_UNTIL_MS = 30 * DAY_MS;
/** Each party must have written at least this many (delivered) messages in it. */
export const MIN_MESSAGES_EACH = 2;
/** Ratings one user may give in a day: past it, 429 with Retry-After. */
export const RATINGS_LIMIT = { max: 20, windowMs: DAY_MS } as const;

/** Why a rating may be reported. */
export const RATING_REPORT_REASONS = ["spam", "fraud", "offensive", "other"] as const;
