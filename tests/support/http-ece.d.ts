// http_ece ships no types: the one call the push tests make (decrypting an RFC 8291 payload).
declare module "http_ece" {
  import type { ECDH } from "node:crypto";
  export function decrypt(buffer: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: string | Buffer }): Buffer;
}
