import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { passkeysSupported, signInWithPasskey } from "#app/components/account/passkey-client.ts";
import { useSecurityT } from "#app/components/account/use-security-t.ts";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";

/**
 * "Sign in with a passkey": rendered only once the page runs JS in a browser with WebAuthn;
 * without them the page is the password form alone. The WebAuthn library loads on the click.
 */
export function PasskeySignIn({ redirectTo }: { redirectTo: string }) {
  const { t } = useSecurityT();
  const { pathname } = useLocation();
  const [supported, setSupported] = useState(false);
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");
  useEffect(() => setSupported(passkeysSupported()), []);
  if (!supported) return null;
  async function start() {
    setState("busy");
    try {
      window.location.assign(await signInWithPasskey(localizePath("/login/passkey", localeFromPath(pathname)), redirectTo));
    } catch {
      setState("failed");
    }
  }
  return (
    <div className="passkey-sign-in">
      {state === "failed" ? (
        <div className="form__errors" role="alert">
          <p>{t("security:passkeys.sign_in_failed")}</p>
        </div>
      ) : null}
      <button type="button" className="button button--secondary" onClick={start} disabled={state === "busy"}>
        {t("security:passkeys.sign_in")}
      </button>
    </div>
  );
}
