import type { Kysely } from "kysely";
import type { DB } from "#db/schema.ts";
import { consumeLimit, type Limit } from "#app/modules/auth/rate-limit.server.ts";
import { readBoundedBytes } from "#app/platform/http/body.server.ts";

// What an inbox POST passes before Fedify parses or verifies anything: a signature header
// naming its key (else 401), a sending host that is not blocked (403) and within its rate (429),
// a body within the bound (413). Fedify then verifies the signature itself (401 when forged).

export const INBOX_MAX_BYTES = 256 * 1024;
/** Per sending host: a busy server's deliveries fit; a flood does not. */
const INBOX_LIMIT: Limit = { max: 300, windowMs: 60 * 1000 };

/** The host of the key an HTTP signature names (draft-cavage `Signature`, or RFC 9421 `Signature-Input`). */
export function signatureHost(headers: Headers): string | null {
  const draft = headers.get("signature")?.match(/keyId="([^"]+)"/i)?.[1];
  const rfc = headers.get("signature-input")?.match(/keyid="([^"]+)"/i)?.[1];
  const keyId = draft ?? rfc;
  if (!keyId) return null;
  return URL.parse(keyId)?.host.toLowerCase() ?? null;
}

export function isInboxPath(pathname: string): boolean {
  return pathname === "/ap/inbox" || /^\/ap\/actors\/[^/]+\/inbox$/.test(pathname);
}

export async function isBlockedHost(db: Kysely<DB>, host: string): Promise<boolean> {
  const hostname = host.replace(/:\d+$/, "");
  // A blocked domain covers its subdomains.
  const parts = hostname.split(".");
  const candidates = [host, ...parts.map((_, index) => parts.slice(index).join("."))].filter((name) => name.includes(".") || name === host);
  const row = await db.selectFrom("federation_blocked_domains").select("host").where("host", "in", candidates).executeTakeFirst();
  return row !== undefined;
}

const refusal = (status: number, text: string) =>
  new Response(`${text}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/** Either a refusal, or the request again with its body read (Fedify reads it once more to verify the digest). */
export async function guardInbox(db: Kysely<DB>, request: Request): Promise<Response | Request> {
  const announced = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(announced) && announced > INBOX_MAX_BYTES) return refusal(413, "Payload too large");
  const host = signatureHost(request.headers);
  if (!host) return refusal(401, "A signed request is required");
  if (await isBlockedHost(db, host)) return refusal(403, "This server is blocked");
  const limit = await consumeLimit([{ key: `federation:inbox:${host}`, limit: INBOX_LIMIT }]);
  if (limit.limited) {
    return new Response("Too many requests\n", { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  }
  const body = await readBoundedBytes(request, INBOX_MAX_BYTES);
  if (!body.ok) return refusal(body.status, body.status === 413 ? "Payload too large" : "Bad request");
  return new Request(request.url, { method: request.method, headers: request.headers, body: body.bytes });
}
