import { afterAll, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "#app/modules/auth/password.server.ts";
import { getConfig, loadConfig, setConfig } from "#app/platform/config/config.server.ts";

const env = { SESSION_SECRET: "s".repeat(40), DATA_DIR: "/nonexistent/portal-test" };
const previous = getConfig();
afterAll(() => setConfig(previous));

describe("password hashing cost", () => {
  it("is the OWASP minimum Argon2id outside tests", async () => {
    for (const NODE_ENV of ["production", "development"]) {
      setConfig(loadConfig({ ...env, NODE_ENV }));
      const hash = await hashPassword("correct horse 1");
      expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(hash, "correct horse 1")).toBe(true);
    }
  });

  it("is the cheapest Argon2id under NODE_ENV=test, checked the same way", async () => {
    setConfig(loadConfig({ ...env, NODE_ENV: "test" }));
    const hash = await hashPassword("correct horse 1");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(hash, "correct horse 1")).toBe(true);
    expect(await verifyPassword(hash, "correct horse 2")).toBe(false);
  });
});
