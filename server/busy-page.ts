import type { IncomingMessage, ServerResponse } from "node:http";
import en from "#app/locales/en/common.json" with { type: "json" };
import uk from "#app/locales/uk/common.json" with { type: "json" };
import { localeFromPath, type LocaleCode } from "#app/i18n/locales.ts";
import { barePage } from "#app/platform/http/bare-page.ts";
import { contentSecurityPolicy, newNonce } from "#app/platform/http/security-headers.server.ts";
import { RETRY_AFTER_SECONDS } from "#db/resilience.ts";

// What a refused request gets (server/admission.ts): a page that costs nothing to send, in the
// language of its address, readable on a phone in either colour scheme, without the app.

function page(language: string, { busy_title: title, busy_description: description }: { busy_title: string; busy_description: string }) {
  return Buffer.from(barePage(language, title, description));
}

const pages: Record<LocaleCode, Buffer> = { ua: page("uk", uk.error), us: page("en", en.error) };

export function sendBusy(req: IncomingMessage, res: ServerResponse) {
  if (res.headersSent || res.destroyed) return;
  const body = pages[localeFromPath((req.url ?? "/").split("?")[0]!)];
  res.writeHead(503, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": body.byteLength,
    "Retry-After": String(RETRY_AFTER_SECONDS),
    "Cache-Control": "no-store",
    // The same policy as every page: the busy page has no script, so its nonce is never used.
    "Content-Security-Policy": contentSecurityPolicy(newNonce()),
  });
  res.end(req.method === "HEAD" ? undefined : body);
}
