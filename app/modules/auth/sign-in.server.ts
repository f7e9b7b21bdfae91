import type { RouterContextProvider } from "react-router";
import type { User } from "#db/schema.ts";
import { getClientAddress } from "#app/modules/http/client-address.server.ts";
import { authenticator, InvalidCredentialsError } from "./authenticator.server.ts";
import { getSession } from "./guards.server.ts";
import { clearEvents, consumeLimit, limitRules, type LimitAttempt } from "./rate-limit.server.ts";
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
  // The attempt counts as a failure before the password is checked, so a burst of guesses
  // gets exactly the free slots evaluated; a right password un-counts it.
  const address = getClientAddress(context);
  const attempt = await consumeLimit(limitRules.signInFailure(address, email));
  if (attempt.limited) return { ok: false, reason: "limited", retryAfterSeconds: attempt.retryAfterSeconds };

  let user: User;
  try {
    user = await authenticator.authenticate("form", request);
  } catch (error) {
    if (error instanceof InvalidCredentialsError) return { ok: false, reason: "invalid" };
    await attempt.release();
    throw error;
  }
  await attempt.release();
  if (user.blocked_at) return { ok: false, reason: "blocked" };

  // The owner is back: the account's failures, and this address's for it, are forgiven.
  await clearEvents([limitRules.accountKey(email), limitRules.accountAddressKey(address, email)]);
  const previous = getSession(context);
  if (previous) await deleteSession(previous.id);
  const { token } = await createSession(user.id, request.headers.get("user-agent"));
  return { ok: true, user, setCookie: await commitSessionCookie(token) };
}

/**
 * Password confirmations (account deletion, password change) count like sign-ins: the
 * attempt is counted before the password is checked; `release()` it when the password was right.
 */
export async function beginPasswordAttempt(context: Readonly<RouterContextProvider>, email: string): Promise<LimitAttempt> {
  return consumeLimit(limitRules.signInFailure(getClientAddress(context), email));
}
