// Shared by the message forms (browser) and the server: no zod here, so a page that imports
// these does not pull it in.

/** Plain text, counted in characters as PostgreSQL counts them. */
export const MESSAGE_MAX_LENGTH = 4000;

/** What a party may say when reporting a conversation; the messages go with it anyway. */
export const REPORT_NOTE_MAX_LENGTH = 2000;
export const CONVERSATION_REPORT_REASONS = ["spam", "fraud", "offensive", "other"] as const;

/**
 * Messages one user may send in a window, replies and first messages alike (a reply posted
 * through the first-message form is still a reply): past it the message is refused with 429,
 * not stored. A person in a lively exchange sends a few a minute; a flood sends hundreds.
 */
export const MESSAGES_LIMIT = { max: 30, windowMs: 10 * 60 * 1000 } as const;
