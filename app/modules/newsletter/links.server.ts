import { LOCALES, localizePath, type Language } from "#app/i18n/locales.ts";
import { hashToken, newToken, safeEqual, sign } from "#app/modules/auth/secrets.server.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { parseId } from "#app/platform/http/ids.ts";

// The newsletter's links. The manage and unsubscribe links carry `<subscriber id>.<mac>`, an
// HMAC under the server's secret, so they work without an account and cannot be made for anyone
// else; the confirmation link carries a random one-time token whose hash the row keeps. Every
// link is absolute from the configured public origin, in the subscriber's language.

const PURPOSE = "newsletter-manage";

export function manageToken(subscriberId: number): string {
  return `${subscriberId}.${sign(`${PURPOSE}:${subscriberId}`)}`;
}

/** The subscriber a manage token names, or null when it is malformed or forged. */
export function readManageToken(token: unknown): number | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  const id = match ? parseId(match[1]) : null;
  if (id === null) return null;
  return safeEqual(match![2]!, sign(`${PURPOSE}:${id}`)) ? id : null;
}

/** A new one-time confirmation token and what the row keeps of it. */
export function newConfirmToken(): { token: string; hash: string } {
  const token = newToken();
  return { token, hash: hashToken(token) };
}

function localeOf(language: Language) {
  return language === "en" ? LOCALES.us.code : LOCALES.ua.code;
}

export function newsletterLink(path: "" | "/confirm" | "/manage" | "/unsubscribe", language: Language, token?: string): string {
  const url = new URL(localizePath(`/newsletter${path}`, localeOf(language)), publicOrigin());
  if (token) url.searchParams.set("token", token);
  return url.href;
}

/** The personal links every newsletter mail carries. */
export function subscriberLinks(subscriberId: number, language: Language) {
  const token = manageToken(subscriberId);
  return { manage: newsletterLink("/manage", language, token), unsubscribe: newsletterLink("/unsubscribe", language, token) };
}
