/**
 * The safety tips page, a staff-edited page (`pages`, slug `bezpeka`; the demo seed writes it):
 * the message thread's scam warnings link to it once it is published. Not linked from the advert page's contact box:
 * that page's script is at its budget.
 */
export const SAFETY_PAGE_SLUG = "bezpeka";
export const SAFETY_PAGE_PATH = `/${SAFETY_PAGE_SLUG}`;
