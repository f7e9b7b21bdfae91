// What keeps the suites deterministic on a shared machine: per-address limits can be widened
// for a crowd behind one address (the browser suite runs every browser from 127.0.0.1)
// without widening the per-account ones, and the browser suite's ports are checked.
import net from "node:net";
import { beforeEach, describe, expect, it } from "vitest";
import { consumeLimit, type LimitRule } from "#app/modules/auth/rate-limit.server.ts";
import { firstFreeBase, suitePorts } from "../e2e/support/env.ts";
import { useTestDatabase } from "../support/db.ts";
import { useAccountConfig } from "../support/auth.ts";

useTestDatabase();
const limit = { max: 3, windowMs: 60_000 };

async function allowedOf(rule: LimitRule, attempts: number): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < attempts; i++) if (!(await consumeLimit([rule])).limited) allowed++;
  return allowed;
}

describe("ADDRESS_LIMIT_FACTOR", () => {
  beforeEach(() => void useAccountConfig({ ADDRESS_LIMIT_FACTOR: "4" }));

  it("multiplies a per-address limit", async () => {
    expect(await allowedOf({ key: "test:ip:192.0.2.1", limit }, 20)).toBe(12);
  });

  it("multiplies a per-address key's free events before growing delays, not an account's", async () => {
    const slowing = { max: 100, windowMs: 60_000, free: 2, backoffMs: 10_000 };
    expect(await allowedOf({ key: "test:ip:192.0.2.3", limit: slowing }, 20)).toBe(8);
    expect(await allowedOf({ key: "test:account:b@example.test:ip:192.0.2.3", limit: slowing }, 20)).toBe(2);
  });

  it("leaves a per-account limit as it is", async () => {
    expect(await allowedOf({ key: "test:account:a@example.test", limit }, 20)).toBe(3);
  });

  it("is 1 unless set", async () => {
    useAccountConfig();
    expect(await allowedOf({ key: "test:ip:192.0.2.2", limit }, 20)).toBe(3);
  });

  it("refuses a value that is not a whole number from 1 to 1000, naming the variable", () => {
    expect(() => useAccountConfig({ ADDRESS_LIMIT_FACTOR: "lots" })).toThrow(/ADDRESS_LIMIT_FACTOR/);
    expect(() => useAccountConfig({ ADDRESS_LIMIT_FACTOR: "0" })).toThrow(/ADDRESS_LIMIT_FACTOR/);
  });
});

describe("the browser suite's ports", () => {
  it("are the base port and one per spec server, all different", () => {
    const ports = suitePorts(4310);
    expect(ports).toMatchObject({ server: 4310, lifecycle: 4319, scaleOutA: 4410, scaleOutB: 4411, scaleOutCluster: 4412 });
    expect(new Set(Object.values(ports)).size).toBe(Object.keys(ports).length);
  });

  it("refuse a base whose derived port the Fetch standard blocks, naming it", () => {
    expect(() => suitePorts(3945)).toThrow(/scaleOutA 4045/);
    expect(() => suitePorts(6000)).toThrow(/server 6000/);
  });

  it("start past a base whose ports something on the machine already listens on", async () => {
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(4381, "0.0.0.0", resolve));
    try {
      // Bases 4375-4378 take 4381 (offsets 6, 5, 4 and 3); 4379 does not, unless another run on
      // the machine holds one of its ports, when a later base is the answer.
      const base = firstFreeBase(4375);
      expect(Object.values(suitePorts(base))).not.toContain(4381);
      expect(base).toBeGreaterThanOrEqual(4379);
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  });

  it("cover the default range without a blocked port", () => {
    for (let base = 4310; base < 4390; base++) expect(() => suitePorts(base)).not.toThrow();
  });
});
