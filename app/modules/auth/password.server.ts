import { hash, verify, type Algorithm } from "@node-rs/argon2";
import { getConfig } from "#app/platform/config/config.server.ts";

// Argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane); its cost: docs/adr/0023-accounts.md.
const OPTIONS = {
  algorithm: 2 as Algorithm, // Algorithm.Argon2id (an ambient const enum: not importable as a value)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

// Under NODE_ENV=test (Vitest) the cheapest Argon2id (1 MiB, 1 pass, well under 1 ms): the
// unit suite hashes hundreds of passwords to test the rules around them, not the cost.
// verify() reads the settings from the stored hash, so either kind checks the same way.
const TEST_OPTIONS = { ...OPTIONS, memoryCost: 1024, timeCost: 1 };

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, getConfig().env === "test" ? TEST_OPTIONS : OPTIONS);
}

/** False for a wrong password and for a malformed or empty stored hash; never throws. */
export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}
