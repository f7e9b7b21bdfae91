import { hash, verify, type Algorithm } from "@node-rs/argon2";

// Argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane): ~75 ms per hash here.
const OPTIONS = {
  algorithm: 2 as Algorithm, // Algorithm.Argon2id (an ambient const enum: not importable as a value)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
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
