import type { RouterContextProvider } from "react-router";
import type { User, UserRole } from "#db/schema.ts";
import { localizePath, type LocaleCode } from "#app/i18n/locales.ts";
import { getClientAddress } from "#app/platform/http/client-address.server.ts";
import { landingPath } from "./access.ts";
import { authenticator, InvalidCredentialsError } from "./authenticator.server.ts";
import { getSession } from "./guards.server.ts";
import { clearEvents, consumeLimit, limitRules, type LimitAttempt } from "./rate-limit.server.ts";
import { notePasswordSignIn } from "./reauthentication.server.ts";
import { startPendingStep } from "./second-step.server.ts";
import { commitSessionCookie, createSession, deleteSession } from "./session.server.ts";
import { hasTwoFactor } from "./totp.server.ts";

export type SignInOutcome =
  { ok: true; user: User } | { ok: false; reason: "invalid" | "blocked" } | { ok: false; reason: "limited"; retryAfterSeconds: number };

/**
 * Checks the posted `email` and `password` (remix-auth form strategy), within the failure
 * limits per IP and per account. A right password is only the first factor: the caller
 * hands the user to `completeFirstFactor`.
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
  return { ok: true, user };
}

/** Where a signed-in user goes: the safe `redirectTo` the form carried, else their landing page. */
function signedInTarget(role: UserRole, redirectTo: string, locale: LocaleCode): string {
  return redirectTo || localizePath(landingPath(role), locale);
}

export type FirstFactorOutcome = {
  /** True when the account asks for a code before the session is made. */
  secondStep: boolean;
  /** Where to send the browser next (the target, or the second step). */
  location: string;
  setCookie: string;
};

/**
 * Every first factor (the password, the mailed sign-in link) ends here once it passed: an
 * account with two-factor gets the pending second step (a signed cookie naming a
 * `sign_in_pending` row, no session); any other gets its session at once. `redirectTo` must
 * already be a safe same-site path, or empty for the landing page.
 */
export async function completeFirstFactor(
  request: Request,
  context: Readonly<RouterContextProvider>,
  user: Pick<User, "id" | "role">,
  redirectTo: string,
  locale: LocaleCode,
): Promise<FirstFactorOutcome> {
  if (await hasTwoFactor(user.id)) {
    return {
      secondStep: true,
      location: localizePath("/login/two-factor", locale),
      setCookie: await startPendingStep(user.id, redirectTo),
    };
  }
  await notePasswordSignIn(user.id);
  return {
    secondStep: false,
    location: signedInTarget(user.role, redirectTo, locale),
    setCookie: await startSession(request, context, user.id),
  };
}

/**
 * Makes the session once every factor passed (a password alone without two-factor, a
 * second step, a passkey). A session the browser already had is ended first (no session fixation).
 */
async function startSession(request: Request, context: Readonly<RouterContextProvider>, userId: number): Promise<string> {
  const previous = getSession(context);
  if (previous) await deleteSession(previous.id);
  const { token } = await createSession(userId, request.headers.get("user-agent"));
  return commitSessionCookie(token);
}

/**
 * The second step (or a passkey) passed: the session, and where to go. `via` says which: a
 * code after the password is a password sign-in for account recovery; a passkey is not
 * (the default, so a caller that forgets it cannot vouch for a passkey).
 */
export async function completeSecondFactor(
  request: Request,
  context: Readonly<RouterContextProvider>,
  user: { id: number; role: UserRole },
  redirectTo: string,
  locale: LocaleCode,
  via: "code" | "passkey" = "passkey",
): Promise<{ location: string; setCookie: string }> {
  if (via === "code") await notePasswordSignIn(user.id);
  return { location: signedInTarget(user.role, redirectTo, locale), setCookie: await startSession(request, context, user.id) };
}

/**
 * Password confirmations (account deletion, password change) count like sign-ins: the
 * attempt is counted before the password is checked; `release()` it when the password was right.
 */
export async function beginPasswordAttempt(context: Readonly<RouterContextProvider>, email: string): Promise<LimitAttempt> {
  return consumeLimit(limitRules.signInFailure(getClientAddress(context), email));
}
