// Shared by the message forms (browser) and the server: no zod here, so a page that imports
// these does not pull it in.

/** Plain text, counted in characters as PostgreSQL counts them. */
export const MESSAGE_MAX_LENGTH = 4000;
