import { NEWSLETTER_TOPICS, type NewsletterTopic } from "#db/schema.ts";

// What a subscriber may choose (zod-free: the subscription form's page imports it).

export { NEWSLETTER_TOPICS, type NewsletterTopic };

/** The topics as stored: known ones only, in the list's order, once each. */
export function topicsOf(values: readonly unknown[]): NewsletterTopic[] {
  return NEWSLETTER_TOPICS.filter((topic) => values.includes(topic));
}

/** The digest's weekday setting, as the staff settings list it: Monday first (0 is Sunday). */
export const NEWSLETTER_DAYS = [1, 2, 3, 4, 5, 6, 0] as const;
