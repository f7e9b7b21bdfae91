import type { RouterContextProvider } from "react-router";
import { readCookie, secure } from "#app/platform/http/cookies.server.ts";
import { newToken, safeEqual, sign } from "./secrets.server.ts";
import { getSession } from "./guards.server.ts";

// CSRF tokens of the auth API (`csrfToken`). A signed-in visitor's token is bound
// to the session; an anonymous one's to a random `__csrf` cookie handed out by GET /csrf.
// React Router's Origin check and SameSite=Lax cookies already stop cross-site posts;
// the token makes sign-out (400 without it) and the API's sign-in refuse requests without it.

const CSRF_COOKIE = "__csrf";

export function csrfTokenForSession(sessionId: string): string {
  return sign(`csrf:session:${sessionId}`);
}

function csrfTokenForCookie(value: string): string {
  return sign(`csrf:anonymous:${value}`);
}

/** The token for this visitor, and a cookie to set when an anonymous visitor has none yet. */
export function issueCsrfToken(request: Request, context: Readonly<RouterContextProvider>): { token: string; setCookie: string | null } {
  const session = getSession(context);
  if (session) return { token: csrfTokenForSession(session.id), setCookie: null };
  const existing = readCookie(request, CSRF_COOKIE);
  if (existing && /^[\w-]{20,}$/.test(existing)) return { token: csrfTokenForCookie(existing), setCookie: null };
  const value = newToken();
  return {
    token: csrfTokenForCookie(value),
    setCookie: `${CSRF_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax${secure() ? "; Secure" : ""}`,
  };
}

export function isValidCsrfToken(request: Request, context: Readonly<RouterContextProvider>, token: unknown): boolean {
  if (typeof token !== "string" || token.length === 0) return false;
  const session = getSession(context);
  if (session && safeEqual(token, csrfTokenForSession(session.id))) return true;
  const cookie = readCookie(request, CSRF_COOKIE);
  return Boolean(cookie && safeEqual(token, csrfTokenForCookie(cookie)));
}
