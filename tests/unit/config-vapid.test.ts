// Web push's VAPID keys: made at first start and kept in DATA_DIR (like the session secret), a
// P-256 pair web-push accepts; or both from the environment; the subject from VAPID_SUBJECT,
// else the https site or a mailbox at its host.
import { createPublicKey, createPrivateKey } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import webpush from "web-push";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#app/platform/config/config.server.ts";

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "portal-vapid-"));
  tempDirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("VAPID keys", () => {
  it("are made once, kept in DATA_DIR for the owner only, and form a P-256 pair", () => {
    const dataDir = path.join(tempDir(), "data");
    const first = loadConfig({ DATA_DIR: dataDir }).vapid;
    const file = path.join(dataDir, "vapid-keys.json");
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey });
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir }).vapid).toEqual(first);
    expect(loadConfig({ DATA_DIR: tempDir() }).vapid.publicKey).not.toBe(first.publicKey);

    const raw = Buffer.from(first.publicKey, "base64url");
    expect(raw).toHaveLength(65);
    const x = raw.subarray(1, 33).toString("base64url");
    const y = raw.subarray(33).toString("base64url");
    const privateKey = createPrivateKey({ key: { kty: "EC", crv: "P-256", x, y, d: first.privateKey }, format: "jwk" });
    expect(createPublicKey(privateKey).export({ format: "jwk" })).toMatchObject({ x, y });
    expect(() =>
      webpush.getVapidHeaders("https://push.example", first.subject, first.publicKey, first.privateKey, "aes128gcm"),
    ).not.toThrow();
  });

  it("come from the environment as a pair; the subject from VAPID_SUBJECT or the site", () => {
    const keys = webpush.generateVAPIDKeys();
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey });
    expect(config.vapid).toEqual({ ...keys, subject: "mailto:no-reply@localhost" });
    expect(() => readFileSync(path.join(dataDir, "vapid-keys.json"))).toThrow();
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: "https://portal.example/" }).vapid.subject).toBe("https://portal.example");
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: "http://portal.local:3000" }).vapid.subject).toBe("mailto:no-reply@portal.local");
    expect(loadConfig({ DATA_DIR: dataDir, VAPID_SUBJECT: "mailto:ops@portal.example" }).vapid.subject).toBe("mailto:ops@portal.example");

    const half = () => loadConfig({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: keys.publicKey });
    expect(half).toThrow(ConfigError);
    expect(half).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ DATA_DIR: dataDir, VAPID_SUBJECT: "http://portal.example" })).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
  });
});
