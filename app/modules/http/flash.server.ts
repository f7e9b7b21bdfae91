import { redirect } from "react-router";
import { getFlashCookie } from "./cookies.server.ts";

const TOAST_SEVERITIES = ["info", "success", "warn", "error", "secondary", "contrast"] as const;
type ToastSeverity = (typeof TOAST_SEVERITIES)[number];
/** `message` is a translation key of the `common` namespace (or another `ns:key`). */
export type Flash = { id?: string; severity: ToastSeverity; message: string; values?: Record<string, string | number> };

export async function flashHeader(flash: Flash): Promise<string> {
  return getFlashCookie().serialize({ ...flash, id: flash.id ?? crypto.randomUUID() });
}

/** Redirect after a successful POST, carrying a toast to the next page. */
export async function redirectWithFlash(to: string, flash: Flash, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashHeader(flash));
  return redirect(to, { ...init, headers });
}

export async function readFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const cookie = getFlashCookie();
  const value = (await cookie.parse(request.headers.get("cookie"))) as Flash | null;
  if (!value || typeof value.message !== "string") return { flash: null, clear: null };
  const severity = TOAST_SEVERITIES.includes(value.severity) ? value.severity : "info";
  return { flash: { ...value, severity }, clear: await cookie.serialize("", { maxAge: 0 }) };
}
