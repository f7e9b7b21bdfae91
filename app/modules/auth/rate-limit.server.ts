import { sql, type Kysely } from "kysely";
import type { DB } from "#db/schema.ts";
import { getConfig } from "#app/platform/config/config.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";

// Abuse limits whose state lives in the database (rate_limit_events), so every process
// of a scaled-out portal counts the same events. A limit is `max` events per key in a window.

export type Limit = {
  max: number;
  windowMs: number;
  /**
   * Growing delays: past the first `free` events in the window, the next waits
   * `backoffMs` after the newest, doubling with each further event.
   */
  free?: number;
  backoffMs?: number;
};
/** One counter: a key (`signin:account:a@b.c`) and its limit. */
export type LimitRule = {
  key: string;
  limit: Limit;
  /** The rule holds only for a client with events under this other rule (an address that failed for the account). */
  onlyAfter?: { key: string; limit: Limit };
};

const MINUTE = 60 * 1000;
/**
 * Failed sign-ins slow down the address that fails, for the account and overall, with
 * growing delays; the account's own limit is higher and holds only for addresses that have
 * failed for it, so guesses from elsewhere never lock its owner out (docs/adr/0004).
 * Per IP the limits are looser, because many people may share one address (a family, a
 * community centre, a mobile carrier's NAT).
 */
export const LIMITS = {
  signInFailure: {
    accountAddress: { max: 15, windowMs: 15 * MINUTE, free: 5, backoffMs: 10_000 },
    account: { max: 50, windowMs: 15 * MINUTE, free: 10, backoffMs: 10_000 },
    /** For every address: a bound on guesses spread over many addresses, each failing once. */
    accountCeiling: { max: 300, windowMs: 15 * MINUTE },
    ip: { max: 60, windowMs: 15 * MINUTE, free: 20, backoffMs: 5_000 },
  },
  register: { email: { max: 3, windowMs: 60 * MINUTE }, ip: { max: 10, windowMs: 60 * MINUTE } },
  mailRequest: { email: { max: 5, windowMs: 60 * MINUTE }, ip: { max: 10, windowMs: 60 * MINUTE } },
  /** Wrong second-step codes, per account: five lock the step until the oldest is 15 minutes old. */
  secondStep: { account: { max: 5, windowMs: 15 * MINUTE } },
  /** Passkey sign-in challenges asked for, per address: each is a row until used or expired. */
  passkeySignIn: { ip: { max: 60, windowMs: 15 * MINUTE } },
  /** Email change requests, per account: each mails a link to an address of the requester's choosing. */
  emailChange: { account: { max: 5, windowMs: 60 * MINUTE } },
} as const satisfies Record<string, Record<string, Limit>>;

const normal = (email: string) => email.trim().toLowerCase();

/** The counters of each guarded action. */
export const limitRules = {
  /** Failed sign-ins and failed password confirmations. */
  signInFailure: (ip: string, email: string): LimitRule[] => {
    const accountAddress = { key: limitRules.accountAddressKey(ip, email), limit: LIMITS.signInFailure.accountAddress };
    return [
      { key: `signin:ip:${ip}`, limit: LIMITS.signInFailure.ip },
      accountAddress,
      { key: limitRules.accountKey(email), limit: LIMITS.signInFailure.account, onlyAfter: accountAddress },
      { key: limitRules.accountKey(email), limit: LIMITS.signInFailure.accountCeiling },
    ];
  },
  register: (ip: string, email: string): LimitRule[] => [
    { key: `register:ip:${ip}`, limit: LIMITS.register.ip },
    { key: `register:email:${normal(email)}`, limit: LIMITS.register.email },
  ],
  /** Password-reset and verification-link requests. */
  mailRequest: (ip: string, email: string): LimitRule[] => [
    { key: `mail:ip:${ip}`, limit: LIMITS.mailRequest.ip },
    { key: `mail:email:${normal(email)}`, limit: LIMITS.mailRequest.email },
  ],
  /** Per account, not per pending step: a new password sign-in renews the step, not the count. */
  secondStep: (userId: number): LimitRule[] => [{ key: limitRules.secondStepKey(userId), limit: LIMITS.secondStep.account }],
  passkeySignIn: (ip: string): LimitRule[] => [{ key: `passkey:ip:${ip}`, limit: LIMITS.passkeySignIn.ip }],
  emailChange: (userId: number): LimitRule[] => [{ key: `email-change:user:${userId}`, limit: LIMITS.emailChange.account }],
  secondStepKey: (userId: number) => `second-step:user:${userId}`,
  accountKey: (email: string) => `signin:account:${normal(email)}`,
  accountAddressKey: (ip: string, email: string) => `signin:account:${normal(email)}:ip:${ip}`,
};

export type LimitState = { limited: boolean; retryAfterSeconds: number };

/**
 * A rule's most events and free events before growing delays: both scale by
 * ADDRESS_LIMIT_FACTOR for a per-address key (`…:ip:…`), where many people share one address
 * and each of them may mistype; keys of an account (one account from one address included)
 * and of an email never are.
 */
function allowance({ key, limit }: LimitRule): { max: number; free: number } {
  const factor = key.includes(":ip:") && !key.includes(":account:") ? getConfig().addressLimitFactor : 1;
  return { max: limit.max * factor, free: (limit.free ?? limit.max) * factor };
}

/** Whether any rule's key has used up its limit, and in how many seconds all of them are free again. */
export async function checkLimit(rules: readonly LimitRule[], now = new Date(), db: Kysely<DB> = getDb()): Promise<LimitState> {
  let retryAfterMs = 0;
  for (const rule of rules) {
    if (rule.onlyAfter && (await recentEvents(rule.onlyAfter, now, db, 1)).length === 0) continue;
    const { max, free } = allowance(rule);
    const { windowMs, backoffMs = 0 } = rule.limit;
    // The newest events in the window, as many as decide: the max-th one blocks until it
    // leaves the window; past `free`, the newest one blocks for the current delay.
    const events = await recentEvents(rule, now, db, max);
    if (events.length >= max) retryAfterMs = Math.max(retryAfterMs, events[max - 1]!.getTime() + windowMs - now.getTime());
    if (events.length >= free && backoffMs > 0) {
      const delay = Math.min(backoffMs * 2 ** (events.length - free), windowMs);
      retryAfterMs = Math.max(retryAfterMs, events[0]!.getTime() + delay - now.getTime());
    }
  }
  return retryAfterMs > 0 ? { limited: true, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) } : { limited: false, retryAfterSeconds: 0 };
}

/** The times of a rule's newest events in its window, at most `count`, newest first. */
async function recentEvents({ key, limit }: Pick<LimitRule, "key" | "limit">, now: Date, db: Kysely<DB>, count: number): Promise<Date[]> {
  const rows = await db
    .selectFrom("rate_limit_events")
    .select("created_at")
    .where("key", "=", key)
    .where("created_at", ">", new Date(now.getTime() - limit.windowMs))
    .orderBy("created_at", "desc")
    .limit(count)
    .execute();
  return rows.map((row) => new Date(row.created_at));
}

/** Records one event for each key (and, now and then, forgets events older than a day); the events' ids. */
async function recordEvent(rules: readonly LimitRule[], now: Date, db: Kysely<DB>): Promise<number[]> {
  if (rules.length === 0) return [];
  const rows = await db
    .insertInto("rate_limit_events")
    .values([...new Set(rules.map(({ key }) => key))].map((key) => ({ key, created_at: now })))
    .returning("id")
    .execute();
  if (Math.random() < 0.05) {
    await db
      .deleteFrom("rate_limit_events")
      .where("created_at", "<", new Date(now.getTime() - 24 * 60 * MINUTE))
      .execute();
  }
  return rows.map((row) => Number(row.id));
}

export type LimitAttempt = LimitState & {
  /** Un-counts the attempt (a sign-in whose password was right was no failure). */
  release(): Promise<void>;
};

/**
 * Refuses when a limit is used up, else counts this attempt, before the guarded work runs.
 * Check and insert run under transaction-scoped advisory locks on the keys, so concurrent
 * requests, from any number of processes, cannot overshoot: of a burst of N, exactly the
 * free slots go through. Limits on failures (sign-in, password confirmation) count the
 * attempt up front too, and release it when it succeeded; checking first and recording the
 * failure afterwards would let a whole burst pass the check.
 */
export async function consumeLimit(rules: readonly LimitRule[], now = new Date()): Promise<LimitAttempt> {
  const { state, ids } = await getDb()
    .transaction()
    .execute(async (trx) => {
      for (const key of [...new Set(rules.map((rule) => rule.key))].sort()) {
        await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
      }
      const state = await checkLimit(rules, now, trx);
      return { state, ids: state.limited ? [] : await recordEvent(rules, now, trx) };
    });
  return { ...state, release: () => releaseEvents(ids) };
}

async function releaseEvents(ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await getDb()
    .deleteFrom("rate_limit_events")
    .where("id", "in", [...ids])
    .execute();
}

/** Forgets the events of the keys (a successful sign-in clears its account's failures). */
export async function clearEvents(keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await getDb()
    .deleteFrom("rate_limit_events")
    .where("key", "in", [...keys])
    .execute();
}
