import type { Route } from "./+types/route";
import { requireUser } from "#app/modules/auth/guards.server.ts";
import { jsonResponse, readPasskeyStep } from "#app/modules/auth/passkey-requests.server.ts";
import { registerPasskey, registrationOptions } from "#app/modules/auth/passkeys.server.ts";
import { isRecentlyAuthenticated } from "#app/modules/auth/reauthentication.server.ts";
import { passkeyRenameSchema } from "#app/modules/auth/second-factor-schemas.ts";
import { queueSecurityMail } from "#app/modules/auth/security-mail.server.ts";
import { flashHeader } from "#app/platform/http/flash.server.ts";

/**
 * POST /cabinet/security/passkey (JSON, from the security page's script): `{step: "options"}`
 * answers the creation options with a fresh challenge bound to the user; `{step: "verify",
 * response, name}` checks the browser's answer and stores the passkey. Both steps need a recent
 * sign-in (or the security page's password form): a stolen session cookie alone gets 403
 * `{error: "reauthenticate"}`, and the page then shows the password form.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const user = requireUser({ context, url });
  const posted = await readPasskeyStep(request);
  if (!posted.ok) return posted.response;
  const { step } = posted;
  if (!isRecentlyAuthenticated(context)) return jsonResponse({ error: "reauthenticate" }, { status: 403 });
  if (step.step === "options") return jsonResponse(await registrationOptions(user));
  const name = passkeyRenameSchema.shape.name.safeParse(step.name ?? "");
  if (!name.success) return jsonResponse({ error: "bad-name" }, { status: 400 });
  if (!(await registerPasskey(user.id, step.response, name.data))) return jsonResponse({ error: "not-verified" }, { status: 400 });
  await queueSecurityMail({ userId: user.id, event: "passkey-added" });
  return jsonResponse(
    { ok: true },
    { headers: { "Set-Cookie": await flashHeader({ severity: "success", message: "security:flash.passkey_added" }) } },
  );
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
