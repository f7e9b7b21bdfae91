import type { RouterContextProvider } from "react-router";
import type { User } from "../../../db/schema.ts";
import { getClientAddress } from "../http/client-address.server.ts";
import { authenticator, InvalidCredentialsError } from "./authenticator.server.ts";
import { getSession } from "./guards.server.ts";
import { checkLimit, clearEvents, limitRules, recordEvent } from "./rate-limit.server.ts";
import { commitSessionCookie, createSession, deleteSession } from "./session.server.ts";

export type SignInOutcome =
  | { ok: true; user: User; setCookie: string }
  | { ok: false; reason: "invalid" | "blocked" }
  | { ok: false; reason: "limited"; retryAfterSeconds: number };

/**
 * Signs in with the posted `email` and `password` (remix-auth form strategy), within the
 * failure limits per IP and per account, and starts a database session. A session the
 * browser already had is ended first (no session fixation).
 */
export async function signIn(request: Request, context: Readonly<RouterContextProvider>, email: string): Promise<SignInOutcome> {
  const rules = limitRules.signInFailure(getClientAddress(context), email);
  const limit = await checkLimit(rules);
  if (limit.limited) return { ok: false, reason: "limited", retryAfterSeconds: limit.retryAfterSeconds };

  let user: User;
  try {
    user = await authenticator.authenticate("form", request);
  } catch (error) {
    if (!(error instanceof InvalidCredentialsError)) throw error;
    await recordEvent(rules);
    return { ok: false, reason: "invalid" };
  }
  if (user.blocked_at) return { ok: false, reason: "blocked" };

  await clearEvents([limitRules.accountKey(email)]);
  const previous = getSession(context);
  if (previous) await deleteSession(previous.id);
  const { token } = await createSession(user.id, request.headers.get("user-agent"));
  return { ok: true, user, setCookie: await commitSessionCookie(token) };
}

/** Failed password confirmations (account deletion, password change) count like failed sign-ins. */
export async function checkPasswordLimit(context: Readonly<RouterContextProvider>, email: string) {
  const rules = limitRules.signInFailure(getClientAddress(context), email);
  return { rules, state: await checkLimit(rules) };
}
