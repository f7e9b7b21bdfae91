// Limits the saved-search form states in the page without loading its zod schema.
export const SAVED_SEARCH_NAME_MAX = 80;
