// Intents of the advert form's extra buttons, shared by the form and its action.

/** "Show the category's fields" (without JS): the form comes back with them, nothing checked or saved. */
export const CHOOSE_CATEGORY_INTENT = "choose-category";
