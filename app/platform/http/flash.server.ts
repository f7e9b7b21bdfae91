import { redirect } from "react-router";
import { dynamicKey } from "#app/i18n/translate.ts";
import type { Translate } from "#app/i18n/request.server.ts";
import { getFlashCookie } from "./cookies.server.ts";

const TOAST_SEVERITIES = ["info", "success", "warn", "error", "secondary", "contrast"] as const;
type ToastSeverity = (typeof TOAST_SEVERITIES)[number];
/** `message` is a translation key of the `common` namespace (or another `ns:key`). */
export type Flash = { id?: string; severity: ToastSeverity; message: string; values?: Record<string, string | number> };

/** A flash as the page shows it: one toast, its text in the page's language. */
export type FlashToast = { id: string; severity: ToastSeverity; text: string };

/**
 * Translated here, where every namespace is in memory: the browser holds only the messages
 * the page rendered until its bundle arrives when idle, so a toast translated there in the
 * first seconds after load showed its bare key ("consent.saved") for its whole lifetime.
 */
export function flashToast(flash: Flash, t: Translate): FlashToast {
  return { id: flash.id ?? crypto.randomUUID(), severity: flash.severity, text: t(flash.message, dynamicKey(flash.message, flash.values)) };
}

export async function flashHeader(flash: Flash): Promise<string> {
  return getFlashCookie().serialize({ ...flash, id: flash.id ?? crypto.randomUUID() });
}

/** Redirect after a successful POST, carrying a toast to the next page. */
export async function redirectWithFlash(to: string, flash: Flash, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashHeader(flash));
  return redirect(to, { ...init, headers });
}

/** The pending flash as a toast in the page's language, and the header that clears it. */
export async function readFlash(request: Request, t: Translate): Promise<{ flash: FlashToast | null; clear: string | null }> {
  const cookie = getFlashCookie();
  const value = (await cookie.parse(request.headers.get("cookie"))) as Flash | null;
  if (!value || typeof value.message !== "string") return { flash: null, clear: null };
  const severity = TOAST_SEVERITIES.includes(value.severity) ? value.severity : "info";
  return { flash: flashToast({ ...value, severity }, t), clear: await cookie.serialize("", { maxAge: 0 }) };
}
