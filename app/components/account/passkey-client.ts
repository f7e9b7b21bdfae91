// The browser side of the passkey ceremonies. @simplewebauthn/browser is imported only when
// the visitor asks for a passkey, so no page carries it on first load.

/** Whether this browser can use passkeys at all (false on the server). */
export function passkeysSupported(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

async function post(endpoint: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new Error(typeof json.error === "string" ? json.error : `HTTP ${response.status}`);
  return json;
}

/** Creates a passkey with the browser and stores it under `name`. */
export async function addPasskey(endpoint: string, name: string): Promise<void> {
  const optionsJSON = await post(endpoint, { step: "options" });
  const { startRegistration } = await import("@simplewebauthn/browser");
  const response = await startRegistration({ optionsJSON: optionsJSON as never });
  await post(endpoint, { step: "verify", response, name });
}

/** Signs in with a passkey; where to go next. */
export async function signInWithPasskey(endpoint: string, redirect: string): Promise<string> {
  const optionsJSON = await post(endpoint, { step: "options" });
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const response = await startAuthentication({ optionsJSON: optionsJSON as never });
  const answer = await post(endpoint, { step: "verify", response, redirect });
  if (typeof answer.location !== "string") throw new Error("no location");
  return answer.location;
}
