import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { getConfig } from "#app/platform/config/config.server.ts";

/** A random URL-safe token (session ids, emailed links): 256 bits. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps instead of a token: a leaked table gives no usable link or session. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** HMAC of `value` under the session secret, for values the server hands out and checks later. */
export function sign(value: string): string {
  return createHmac("sha256", getConfig().sessionSecret).update(value).digest("base64url");
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
