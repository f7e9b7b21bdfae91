import type { Route } from "./+types/route";
import { localeFromPath } from "#app/i18n/locales.ts";
import { jsonResponse, readPasskeyStep } from "#app/modules/auth/passkey-requests.server.ts";
import { authenticateWithPasskey, authenticationOptions } from "#app/modules/auth/passkeys.server.ts";
import { consumeLimit, limitRules } from "#app/modules/auth/rate-limit.server.ts";
import { getClientAddress } from "#app/platform/http/client-address.server.ts";
import { completeSecondFactor } from "#app/modules/auth/sign-in.server.ts";
import { flashHeader } from "#app/platform/http/flash.server.ts";
import { safeRedirectPath } from "#app/platform/http/safe-redirect.ts";

/**
 * POST /login/passkey (JSON, from the sign-in page's script): `{step: "options"}` answers the
 * request options with a fresh challenge; `{step: "verify", response, redirect}` checks the
 * browser's answer and makes the session, answering where to go.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const posted = await readPasskeyStep(request);
  if (!posted.ok) return posted.response;
  const { step } = posted;
  if (step.step === "options") {
    const limit = await consumeLimit(limitRules.passkeySignIn(getClientAddress(context)));
    if (limit.limited)
      return jsonResponse({ error: "too-many" }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
    return jsonResponse(await authenticationOptions());
  }
  const user = await authenticateWithPasskey(step.response);
  if (!user) return jsonResponse({ error: "not-verified" }, { status: 400 });
  // A passkey is both factors at once: the session is made here (a previous one is ended).
  const done = await completeSecondFactor(request, context, user, safeRedirectPath(step.redirect, ""), localeFromPath(url.pathname));
  const headers = new Headers();
  headers.append("Set-Cookie", done.setCookie);
  headers.append("Set-Cookie", await flashHeader({ severity: "success", message: "auth:flash.signed_in" }));
  return jsonResponse({ location: done.location }, { headers });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
