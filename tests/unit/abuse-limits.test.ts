// Abuse limits hold under bursts: of N concurrent guesses only the free slots are evaluated
// against the password hash, and every refusal says when to come back (Retry-After).
import { beforeAll, describe, expect, it } from "vitest";
import * as apiAuth from "~/routes/api-auth/route";
import * as cabinet from "~/routes/cabinet/route";
import * as login from "~/routes/login/route";
import { authMiddleware } from "~/modules/auth/guards.server";
import { LIMITS, limitRules } from "~/modules/auth/rate-limit.server";
import { useTestDatabase } from "../support/db.ts";
import { callWithSession, makeUser, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { cookieHeader, unwrapData } from "../support/route.ts";

const t = useTestDatabase();
const BURST = 60;
const MAX = LIMITS.signInFailure.account.max;

beforeAll(() => {
  useAccountConfig({ PUBLIC_URL: "https://portal.example" });
});

/** Status and Retry-After of what a route returned or threw. */
async function outcome(call: Promise<{ result: unknown }>): Promise<{ status: number; retryAfter: string | null }> {
  let value: unknown;
  try {
    value = (await call).result;
  } catch (error) {
    value = error;
  }
  if (value instanceof Response) return { status: value.status, retryAfter: value.headers.get("Retry-After") };
  const { status, headers } = unwrapData(value);
  return { status, retryAfter: headers.get("Retry-After") };
}

/** Failures the database counted for the account: one per password evaluated and found wrong. */
async function countedFailures(email: string): Promise<number> {
  const rows = await t.db.selectFrom("rate_limit_events").select("id").where("key", "=", limitRules.accountKey(email)).execute();
  return rows.length;
}

function tally(outcomes: Array<{ status: number; retryAfter: string | null }>) {
  const byStatus: Record<number, number> = {};
  for (const { status } of outcomes) byStatus[status] = (byStatus[status] ?? 0) + 1;
  return byStatus;
}

describe(`${BURST} concurrent wrong passwords for one account`, () => {
  it("through /login: exactly the limit is evaluated, the rest get 429 with Retry-After", async () => {
    const user = await makeUser({ email: "burst-login@example.test" });
    const outcomes = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        outcome(callWithSession(login.action, { url: "/login", form: { intent: "signin", email: user.email, password: `guess-${i}-abc` } })),
      ),
    );
    expect(tally(outcomes)).toEqual({ 401: MAX, 429: BURST - MAX });
    expect(await countedFailures(user.email)).toBe(MAX);
    for (const refused of outcomes.filter((o) => o.status === 429)) expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  });

  it("through the auth API: the same limit, the same Retry-After", async () => {
    const user = await makeUser({ email: "burst-api@example.test" });
    const csrf = (await callWithSession(apiAuth.loader, { url: "/api/auth/csrf", params: { "*": "csrf" } })).result as Response;
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = cookieHeader(...csrf.headers.getSetCookie());
    const outcomes = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        outcome(
          callWithSession(apiAuth.action, {
            url: "/api/auth/callback/credentials",
            params: { "*": "callback/credentials" },
            cookie,
            form: { email: user.email, password: `guess-${i}-abc`, csrfToken, json: "true" },
          }),
        ),
      ),
    );
    expect(tally(outcomes)).toEqual({ 401: MAX, 429: BURST - MAX });
    for (const refused of outcomes.filter((o) => o.status === 429)) expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  });

  it("as password confirmations in the cabinet: the limit holds there too", async () => {
    const user = await makeUser({ email: "burst-cabinet@example.test" });
    const cookie = await sessionCookieFor(user.id);
    const outcomes = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        outcome(
          callWithSession(cabinet.action, {
            url: "/cabinet",
            cookie,
            middleware: [authMiddleware],
            form: { intent: "password", currentPassword: `guess-${i}-abc`, newPassword: "a-new-password-123" },
          }),
        ),
      ),
    );
    expect(tally(outcomes)).toEqual({ 400: MAX, 429: BURST - MAX });
    expect(await countedFailures(user.email)).toBe(MAX);
  });

  it("a right password is not counted as a failure", async () => {
    const user = await makeUser({ email: "burst-right@example.test" });
    const ip = "198.51.100.200";
    const signIn = (password: string) => outcome(callWithSession(login.action, { url: "/login", ip, form: { intent: "signin", email: user.email, password } }));
    expect((await signIn("wrong-password-1")).status).toBe(401);
    expect((await signIn(user.password)).status).toBe(302);
    const events = await t.db.selectFrom("rate_limit_events").select("key").where("key", "in", [`signin:ip:${ip}`, limitRules.accountKey(user.email)]).execute();
    // The failure before stays on the address; the success left nothing, and cleared the account.
    expect(events.map((event) => event.key)).toEqual([`signin:ip:${ip}`]);
  });
});
