/**
 * The consent forms' one fetcher, shared by key: the banner and its settings dialog post
 * through it without passing it down, so the dialog (a deferred part) gets only plain props
 * and its server HTML is hydrated, not thrown away and drawn again.
 */
export const CONSENT_FETCHER_KEY = "consent";
