import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { z } from "zod";
import type { UserRole } from "#db/schema.ts";
import { getConfig } from "#app/platform/config/config.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";

// Passkeys (WebAuthn). The relying party is the portal's public address (PUBLIC_URL), never
// the request's Host: a passkey made on the portal only works there. User verification is
// required (fingerprint, face, device PIN), so a passkey is two factors at once: signing in
// with one needs no code. Challenges are single use: verifying deletes the row.

const CHALLENGE_SECONDS = 5 * 60;
/** Bigger responses are not passkeys (an attestation with a certificate chain stays well below). */
export const PASSKEY_BODY_MAX_BYTES = 64 * 1024;

function relyingParty() {
  const origin = getConfig().origin;
  return { origin, rpID: new URL(origin).hostname };
}

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/);
const credentialBase = {
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal("public-key"),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};

/** The browser's registration answer, shaped before the library reads it: anything else is a 400, never a 500. */
const registrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url.min(1),
    attestationObject: base64url.min(1),
    transports: z.array(z.string().max(20)).max(10).optional(),
    authenticatorData: base64url.optional(),
    publicKey: base64url.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
});

const authenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url.min(1),
    authenticatorData: base64url.min(1),
    signature: base64url.min(1),
    userHandle: base64url.optional(),
  }),
});

async function storeChallenge(challenge: string, userId: number | null, now: Date): Promise<void> {
  const db = getDb();
  await db.deleteFrom("webauthn_challenges").where("expires_at", "<", now).execute();
  await db
    .insertInto("webauthn_challenges")
    .values({ challenge, user_id: userId, expires_at: new Date(now.getTime() + CHALLENGE_SECONDS * 1000) })
    .execute();
}

/** Uses the challenge up if it is live (and, for a registration, the user's): of two uses, one wins. */
async function consumeChallenge(challenge: string, userId: number | null, now = new Date()): Promise<boolean> {
  const row = await getDb()
    .deleteFrom("webauthn_challenges")
    .where("challenge", "=", challenge)
    .where("expires_at", ">", now)
    .where((eb) => (userId === null ? eb("user_id", "is", null) : eb("user_id", "=", userId)))
    .returning("challenge")
    .executeTakeFirst();
  return Boolean(row);
}

export type PasskeySummary = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

export async function listPasskeys(userId: number): Promise<PasskeySummary[]> {
  const rows = await getDb()
    .selectFrom("user_passkeys")
    .select(["id", "name", "created_at", "last_used_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  }));
}

export async function registrationOptions(
  user: { id: number; email: string; name: string },
  now = new Date(),
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await getDb().selectFrom("user_passkeys").select(["id", "transports"]).where("user_id", "=", user.id).execute();
  const options = await generateRegistrationOptions({
    rpName: new URL(getConfig().origin).hostname,
    rpID: relyingParty().rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(`user-${user.id}`),
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: row.transports ? row.transports.split(",") : undefined })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await storeChallenge(options.challenge, user.id, now);
  return options;
}

/** Verifies and stores a new passkey; false for anything that does not verify (bad data, foreign origin, used challenge). */
export async function registerPasskey(userId: number, response: unknown, name: string): Promise<boolean> {
  const parsed = registrationResponseSchema.safeParse(response);
  if (!parsed.success) return false;
  const { origin, rpID } = relyingParty();
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: parsed.data as RegistrationResponseJSON,
      expectedChallenge: (challenge) => consumeChallenge(challenge, userId),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch {
    return false;
  }
  if (!verification.verified) return false;
  const { credential } = verification.registrationInfo;
  const inserted = await getDb()
    .insertInto("user_passkeys")
    .values({
      id: credential.id,
      user_id: userId,
      public_key: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: (credential.transports ?? []).join(","),
      name,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return Boolean(inserted);
}

export async function authenticationOptions(now = new Date()): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: relyingParty().rpID, userVerification: "required" });
  await storeChallenge(options.challenge, null, now);
  return options;
}

/** The user a passkey sign-in answer proves (not blocked), or null. */
export async function authenticateWithPasskey(response: unknown, now = new Date()): Promise<{ id: number; role: UserRole } | null> {
  const parsed = authenticationResponseSchema.safeParse(response);
  if (!parsed.success) return null;
  const db = getDb();
  const row = await db
    .selectFrom("user_passkeys")
    .innerJoin("users", "users.id", "user_passkeys.user_id")
    .select([
      "user_passkeys.id",
      "user_passkeys.public_key",
      "user_passkeys.counter",
      "user_passkeys.transports",
      "users.id as user_id",
      "users.role",
      "users.blocked_at",
    ])
    .where("user_passkeys.id", "=", parsed.data.id)
    .executeTakeFirst();
  if (!row || row.blocked_at) return null;
  const { origin, rpID } = relyingParty();
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: parsed.data as AuthenticationResponseJSON,
      expectedChallenge: (challenge) => consumeChallenge(challenge, null, now),
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: row.id,
        publicKey: new Uint8Array(Buffer.from(row.public_key, "base64url")),
        counter: Number(row.counter),
        transports: row.transports ? (row.transports.split(",") as never) : undefined,
      },
      requireUserVerification: true,
    });
  } catch {
    return null;
  }
  if (!verification.verified) return null;
  await db
    .updateTable("user_passkeys")
    .set({ counter: verification.authenticationInfo.newCounter, last_used_at: now })
    .where("id", "=", row.id)
    .execute();
  return { id: row.user_id, role: row.role };
}

export async function renamePasskey(userId: number, id: string, name: string): Promise<boolean> {
  const result = await getDb()
    .updateTable("user_passkeys")
    .set({ name })
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function removePasskey(userId: number, id: string): Promise<boolean> {
  const result = await getDb().deleteFrom("user_passkeys").where("user_id", "=", userId).where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** What account recovery removed: the passkeys' names; `unknown` when no sign-in by password was on record, so all went. */
type RemovedPasskeys = { names: string[]; unknown: boolean };

/** A mailed event is written just after its change: passkeys made this long before it belong to it. */
const EVENT_MARGIN_MS = 60 * 1000;

/**
 * Account recovery ("this wasn't me", a password reset): a stolen session can add a passkey,
 * which outlives the session and needs no second factor. Every passkey added at or after the
 * owner's latest sign-in by password, code or mailed link goes (the owner may add theirs
 * again); with no such sign-in on record, every passkey goes. `eventAt`, the time of the
 * change a "this wasn't me" link was mailed about, moves the line back to that change (a
 * minute before it), so a password sign-in after the thief's passkey does not vouch for it.
 */
export async function removePasskeysSinceLastPasswordSignIn(userId: number, eventAt?: Date): Promise<RemovedPasskeys> {
  const db = getDb();
  const user = await db.selectFrom("users").select("last_password_sign_in_at").where("id", "=", userId).executeTakeFirst();
  const lastSignIn = user?.last_password_sign_in_at ? new Date(user.last_password_sign_in_at) : null;
  const fromEvent = eventAt ? new Date(eventAt.getTime() - EVENT_MARGIN_MS) : null;
  const since = lastSignIn && fromEvent ? new Date(Math.min(lastSignIn.getTime(), fromEvent.getTime())) : lastSignIn;
  const removed = await db
    .deleteFrom("user_passkeys")
    .where("user_id", "=", userId)
    .$if(since !== null, (qb) => qb.where("created_at", ">=", since!))
    .returning(["name", "created_at"])
    .execute();
  removed.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
  return { names: removed.map((row) => row.name), unknown: lastSignIn === null && removed.length > 0 };
}
