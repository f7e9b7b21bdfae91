import { randomUUID } from "node:crypto";
import { readCookie, secure } from "#app/platform/http/cookies.server.ts";
import {
  ANALYTICS_ID,
  allIdsString,
  CONSENT_COOKIE,
  CONSENT_ENABLED_COOKIE,
  consentState,
  joinIds,
  VISITOR_COOKIE,
  type ConsentState,
} from "./cookies.ts";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

function cookieAttributes(maxAge: number, httpOnly: boolean): string {
  return `Path=/; Max-Age=${maxAge}; SameSite=Lax${httpOnly ? "; HttpOnly" : ""}${secure() ? "; Secure" : ""}`;
}

/** The visitor's decision, read from the request's cookies. */
export function readConsent(request: Request): ConsentState {
  return consentState(readCookie(request, CONSENT_COOKIE), readCookie(request, CONSENT_ENABLED_COOKIE));
}

function analyticsAllowed(request: Request): boolean {
  return readConsent(request).enabled.includes(ANALYTICS_ID);
}

/**
 * Set-Cookie values that store a decision: the flag (all ids) and the enabled ids, readable
 * by scripts like the rest of the consent cookies. Declining analytics also drops its cookie.
 */
export function consentCookies(enabled: readonly string[], request: Request): string[] {
  const cookies = [
    `${CONSENT_COOKIE}=${allIdsString()}; ${cookieAttributes(YEAR_SECONDS, false)}`,
    `${CONSENT_ENABLED_COOKIE}=${joinIds(enabled)}; ${cookieAttributes(YEAR_SECONDS, false)}`,
  ];
  const visitor = readCookie(request, VISITOR_COOKIE);
  if (enabled.includes(ANALYTICS_ID)) {
    if (!visitor) cookies.push(visitorCookie(randomUUID()));
  } else if (visitor !== undefined) {
    cookies.push(clearedVisitorCookie());
  }
  return cookies;
}

function clearedVisitorCookie(): string {
  return `${VISITOR_COOKIE}=; ${cookieAttributes(0, true)}`;
}

function visitorCookie(id: string): string {
  return `${VISITOR_COOKIE}=${id}; ${cookieAttributes(YEAR_SECONDS, true)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The analytics visitor id, only with analytics consent: the existing cookie's id, or a new
 * one with the Set-Cookie that stores it. Without consent: nothing, and no cookie.
 */
export function analyticsVisitor(request: Request): { id: string | null; setCookie: string | null } {
  const existing = readCookie(request, VISITOR_COOKIE);
  // Consent withdrawn, or asked again after the list of cookies changed: the id goes.
  if (!analyticsAllowed(request)) return { id: null, setCookie: existing !== undefined ? clearedVisitorCookie() : null };
  if (existing && UUID.test(existing)) return { id: existing, setCookie: null };
  const id = randomUUID();
  return { id, setCookie: visitorCookie(id) };
}
