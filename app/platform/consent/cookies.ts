// Cookie consent (docs/product.md#cookies-and-consent). Cookies are grouped under ids; the necessary ones are always
// on, the optional ones only after consent. Two cookies hold the decision: the consent-given
// flag (the ids of ALL cookies, necessary and optional, joined with "~", as they were when the
// visitor decided) and the enabled ids (joined with "~"). Consent counts only while the flag
// equals the current list, so adding or removing a cookie id brings the banner back.

export type CookieGroup = {
  id: string;
  /** Names of the cookies this id stands for (shown in the settings dialog). */
  names: readonly string[];
};

export type CookieRegistry = { necessary: readonly CookieGroup[]; optional: readonly CookieGroup[] };

export const CONSENT_COOKIE = "cookie_consent";
export const CONSENT_ENABLED_COOKIE = "cookie_consent_enabled";
/** The optional analytics cookie: a random visitor id, so a visitor on a changing IP counts once a day. */
export const VISITOR_COOKIE = "visitor_id";
const ID_SEPARATOR = "~";

export const COOKIES: CookieRegistry = {
  necessary: [
    { id: "session", names: ["__session", "__flash"] },
    { id: "locale", names: ["i18n_redirected"] },
    { id: "theme", names: ["theme"] },
    { id: "consent", names: [CONSENT_COOKIE, CONSENT_ENABLED_COOKIE] },
  ],
  optional: [{ id: "analytics", names: [VISITOR_COOKIE] }],
};

export const ANALYTICS_ID = "analytics";

/** `?consent=manage` opens the settings dialog: the "manage" button without JavaScript. */
export const MANAGE_PARAM = "consent";
export const MANAGE_VALUE = "manage";

export function joinIds(ids: readonly string[]): string {
  return ids.join(ID_SEPARATOR);
}

/** The value the consent-given flag must hold for consent to count. */
export function allIdsString(registry: CookieRegistry = COOKIES): string {
  return joinIds([...registry.necessary, ...registry.optional].map((group) => group.id));
}

export type ConsentState = {
  /** The visitor decided, about exactly the current list of cookies. */
  given: boolean;
  /** Necessary ids always; optional ids only when consent is given and they were enabled. */
  enabled: string[];
};

export function consentState(flag: string | undefined, enabledValue: string | undefined, registry: CookieRegistry = COOKIES): ConsentState {
  const necessary = registry.necessary.map((group) => group.id);
  const given = flag !== undefined && flag === allIdsString(registry);
  if (!given) return { given: false, enabled: necessary };
  const chosen = new Set((enabledValue ?? "").split(ID_SEPARATOR));
  const optional = registry.optional.map((group) => group.id).filter((id) => chosen.has(id));
  return { given: true, enabled: [...necessary, ...optional] };
}

export type ConsentChoice = { intent: "accept-all" } | { intent: "decline" } | { intent: "save"; optional: readonly string[] };

/** The enabled ids a choice stores: accept all, decline (necessary only), or accept partial. */
export function enabledIdsFor(choice: ConsentChoice, registry: CookieRegistry = COOKIES): string[] {
  const necessary = registry.necessary.map((group) => group.id);
  const optional = registry.optional.map((group) => group.id);
  if (choice.intent === "accept-all") return [...necessary, ...optional];
  if (choice.intent === "decline") return necessary;
  return [...necessary, ...optional.filter((id) => choice.optional.includes(id))];
}
