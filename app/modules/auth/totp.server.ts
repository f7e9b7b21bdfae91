import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { getConfig } from "#app/platform/config/config.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { hashToken } from "./secrets.server.ts";

// Two-factor with an authenticator app (RFC 6238: SHA-1, 6 digits, 30 s). The secret is kept
// encrypted, and shown only while enrolling; a code's time step is remembered so the same
// code (or an older one) is never accepted twice. Ten recovery codes, stored hashed, each
// accepted once.

const RECOVERY_CODE_COUNT = 10;
/** One step either side of now: a phone clock a little off still works. */
const EPOCH_TOLERANCE_SECONDS = 30;
const PERIOD_SECONDS = 30;

function encryptionKey(): Buffer {
  return Buffer.from(hkdfSync("sha256", getConfig().sessionSecret, "portal", "totp-secret", 32));
}

function encrypt(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

function decrypt(stored: string): string {
  const [iv, tag, body] = stored.split(".").map((part) => Buffer.from(part, "base64url"));
  const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString("utf8");
}

export type TotpState = { enabled: boolean; recoveryCodesLeft: number };

export async function totpState(userId: number): Promise<TotpState> {
  const db = getDb();
  const row = await db.selectFrom("user_totp").select("confirmed_at").where("user_id", "=", userId).executeTakeFirst();
  const enabled = Boolean(row?.confirmed_at);
  if (!enabled) return { enabled, recoveryCodesLeft: 0 };
  const { count } = await db
    .selectFrom("user_recovery_codes")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return { enabled, recoveryCodesLeft: Number(count) };
}

/** Whether a password (or sign-in link) must be followed by a code. */
export async function hasTwoFactor(userId: number): Promise<boolean> {
  const row = await getDb()
    .selectFrom("user_totp")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("confirmed_at", "is not", null)
    .executeTakeFirst();
  return Boolean(row);
}

export type TotpEnrolment = { secret: string; uri: string; qrDataUrl: string };

async function enrolmentOf(secret: string, email: string): Promise<TotpEnrolment> {
  const issuer = new URL(getConfig().origin).hostname;
  const uri = generateURI({ issuer, label: email, secret });
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, uri, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

/** The enrolment in progress (its secret shown with the QR code until a code confirms it); null when none, or already on. */
export async function totpEnrolment(user: { id: number; email: string }): Promise<TotpEnrolment | null> {
  const row = await getDb()
    .selectFrom("user_totp")
    .select(["secret_encrypted", "confirmed_at"])
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  if (!row || row.confirmed_at) return null;
  return enrolmentOf(decrypt(row.secret_encrypted), user.email);
}

/** Starts enrolling with a new secret (a started one is kept); nothing when two-factor is on. */
export async function beginTotpEnrolment(userId: number): Promise<void> {
  await getDb()
    .insertInto("user_totp")
    .values({ user_id: userId, secret_encrypted: encrypt(generateSecret()) })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
}

/** A code's time step when it is right and newer than the last one accepted (then remembered). */
async function acceptCode(userId: number, code: string, confirmed: boolean, now: Date): Promise<boolean> {
  const db = getDb();
  const row = await db
    .selectFrom("user_totp")
    .select(["secret_encrypted", "last_step"])
    .where("user_id", "=", userId)
    .where("confirmed_at", confirmed ? "is not" : "is", null)
    .executeTakeFirst();
  if (!row || !/^\d{6}$/.test(code)) return false;
  const lastStep = row.last_step === null ? undefined : Number(row.last_step);
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({
    secret: decrypt(row.secret_encrypted),
    token: code,
    epoch,
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(lastStep === undefined ? {} : { afterTimeStep: lastStep }),
  });
  if (!result.valid) return false;
  const step = Math.floor(epoch / PERIOD_SECONDS) + result.delta;
  // The update's own condition settles two concurrent uses of one code: one of them wins.
  const updated = await db
    .updateTable("user_totp")
    .set({ last_step: step })
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", step)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Turns two-factor on when the code matches the enrolling secret; the ten recovery codes, to be shown once. */
export async function confirmTotp(userId: number, code: string, now = new Date()): Promise<string[] | null> {
  if (!(await acceptCode(userId, code, false, now))) return null;
  await getDb().updateTable("user_totp").set({ confirmed_at: now }).where("user_id", "=", userId).execute();
  return newRecoveryCodes(userId);
}

/** Replaces the user's recovery codes with ten new ones (returned in clear, once). */
export async function newRecoveryCodes(userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomBytes(8).toString("hex").slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom("user_recovery_codes").where("user_id", "=", userId).execute();
      await trx
        .insertInto("user_recovery_codes")
        .values(codes.map((code) => ({ user_id: userId, code_hash: hashToken(normalRecoveryCode(code)) })))
        .execute();
    });
  return codes;
}

function normalRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^0-9a-f]/g, "");
}

/** Uses a recovery code up; false when unknown or already used. */
async function useRecoveryCode(userId: number, code: string, now: Date): Promise<boolean> {
  const normal = normalRecoveryCode(code);
  if (normal.length !== 10) return false;
  const row = await getDb()
    .updateTable("user_recovery_codes")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("code_hash", "=", hashToken(normal))
    .where("used_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return Boolean(row);
}

/** The second step's check: an app code, or with `recovery` a recovery code. */
export async function verifySecondFactor(userId: number, code: string, kind: "totp" | "recovery", now = new Date()): Promise<boolean> {
  return kind === "recovery" ? useRecoveryCode(userId, code, now) : acceptCode(userId, code.replace(/\s/g, ""), true, now);
}

/** Turns two-factor off: secret and recovery codes are deleted. */
export async function disableTotp(userId: number): Promise<void> {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx.deleteFrom("user_recovery_codes").where("user_id", "=", userId).execute();
      await trx.deleteFrom("user_totp").where("user_id", "=", userId).execute();
    });
}
