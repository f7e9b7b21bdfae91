// Abuse limits hold under bursts: of N concurrent guesses only the free slots are evaluated
// against the password hash, and every refusal says when to come back (Retry-After). The
// limits slow down the address that fails; they never lock the account's owner out.
import { beforeAll, describe, expect, it } from "vitest";
import * as apiAuth from "#app/routes/api-auth/route.ts";
import * as cabinet from "#app/routes/cabinet/route.tsx";
import * as login from "#app/routes/login/route.tsx";
import * as adverts from "#app/routes/adverts/route.tsx";
import * as advertItem from "#app/routes/advert-item/route.tsx";
import * as advertNew from "#app/routes/advert-new/route.tsx";
import * as deleteAccount from "#app/routes/delete-account/route.tsx";
import * as favouriteToggle from "#app/routes/favourite-toggle/route.ts";
import * as report from "#app/routes/report/route.tsx";
import * as messageNew from "#app/routes/cabinet-message-new/route.tsx";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { authMiddleware } from "#app/modules/auth/guards.server.ts";
import { checkLimit, consumeLimit, LIMITS, limitRules, type LimitRule } from "#app/modules/auth/rate-limit.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { callWithSession, makeUser, sessionCookieFor, type SessionCallOptions, useAccountConfig } from "../support/auth.ts";
import { cookieHeader, unwrapData } from "../support/route.ts";

const t = useTestDatabase();
const BURST = 60;
/** Failures an address gets evaluated back to back for one account, before the delays start. */
const MAX = LIMITS.signInFailure.accountAddress.free;

beforeAll(() => {
  useAccountConfig({ PUBLIC_URL: "https://portal.example" });
});

/** Status and headers of what a route returned or threw. */
async function answerOf(call: Promise<{ result: unknown }>): Promise<{ status: number; headers: Headers }> {
  let value: unknown;
  try {
    value = (await call).result;
  } catch (error) {
    value = error;
  }
  return value instanceof Response ? { status: value.status, headers: value.headers } : unwrapData(value);
}

/** Status and Retry-After of what a route returned or threw. */
async function outcome(call: Promise<{ result: unknown }>): Promise<{ status: number; retryAfter: string | null }> {
  const { status, headers } = await answerOf(call);
  return { status, retryAfter: headers.get("Retry-After") };
}

/** BURST calls at once, the i-th made by `call(i)`: their outcomes. */
function burst(call: (i: number) => Promise<{ result: unknown }>) {
  return Promise.all(Array.from({ length: BURST }, (_, i) => outcome(call(i))));
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

describe(`${BURST} concurrent wrong passwords for one account from one address`, () => {
  const ip = "198.51.100.66";
  it("through /login: exactly the limit is evaluated, the rest get 429 with Retry-After", async () => {
    const user = await makeUser({ email: "burst-login@example.test" });
    const outcomes = await burst((i) =>
      callWithSession(login.action, { url: "/login", ip, form: { intent: "signin", email: user.email, password: `guess-${i}-abc` } }),
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
    const outcomes = await burst((i) =>
      callWithSession(apiAuth.action, {
        url: "/api/auth/callback/credentials",
        params: { "*": "callback/credentials" },
        ip,
        cookie,
        form: { email: user.email, password: `guess-${i}-abc`, csrfToken, json: "true" },
      }),
    );
    expect(tally(outcomes)).toEqual({ 401: MAX, 429: BURST - MAX });
    for (const refused of outcomes.filter((o) => o.status === 429)) expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  });

  it("as password confirmations in the cabinet: the limit holds there too", async () => {
    const user = await makeUser({ email: "burst-cabinet@example.test" });
    const cookie = await sessionCookieFor(user.id);
    const outcomes = await burst((i) =>
      callWithSession(cabinet.action, {
        url: "/cabinet",
        cookie,
        ip,
        middleware: [authMiddleware],
        form: { intent: "password", currentPassword: `guess-${i}-abc`, newPassword: "a-new-password-123" },
      }),
    );
    expect(tally(outcomes)).toEqual({ 400: MAX, 429: BURST - MAX });
    expect(await countedFailures(user.email)).toBe(MAX);
  });

  it("a right password is not counted as a failure", async () => {
    const user = await makeUser({ email: "burst-right@example.test" });
    const ip = "198.51.100.200";
    const own = limitRules.accountAddressKey(ip, user.email);
    const signIn = (password: string) =>
      outcome(callWithSession(login.action, { url: "/login", ip, form: { intent: "signin", email: user.email, password } }));
    expect((await signIn("wrong-password-1")).status).toBe(401);
    expect((await signIn(user.password)).status).toBe(302);
    const events = await t.db
      .selectFrom("rate_limit_events")
      .select("key")
      .where("key", "in", [`signin:ip:${ip}`, limitRules.accountKey(user.email), own])
      .execute();
    // The failure before stays on the address; the success left nothing, and cleared the account (and the address's failures for it).
    expect(events.map((event) => event.key)).toEqual([`signin:ip:${ip}`]);
  });
});

describe("failed sign-ins slow the failing address, not the owner", () => {
  const signIn = (email: string, password: string, ip: string) =>
    outcome(callWithSession(login.action, { url: "/login", ip, form: { intent: "signin", email, password } }));

  it("five wrong passwords from address A, then the right password from address B signs in", async () => {
    const user = await makeUser({ email: "lockout@example.test" });
    const fromA: number[] = [];
    for (let i = 0; i < 5; i++) fromA.push((await signIn(user.email, `wrong-password-${i}`, "198.51.100.10")).status);
    // A is slowed down: its first failures are evaluated, then it has to wait.
    expect(fromA).toEqual([...Array.from({ length: MAX }, () => 401), ...Array.from({ length: 5 - MAX }, () => 429)]);
    expect((await signIn(user.email, user.password, "203.0.113.20")).status).toBe(302);
    // A still waits, even with the right password: the delay is the address's.
    const again = await signIn(user.email, user.password, "198.51.100.10");
    expect(again.status).toBe(429);
    expect(Number(again.retryAfter)).toBeGreaterThan(0);
  });

  it("guesses from many addresses: each failed address meets the account's limit, a fresh one does not", async () => {
    const user = await makeUser({ email: "spread@example.test" });
    const { max } = LIMITS.signInFailure.account;
    const now = new Date();
    // The account's whole allowance used up from elsewhere, one failure per address.
    await t.db
      .insertInto("rate_limit_events")
      .values(
        Array.from({ length: max }, (_, i) => ({
          key: limitRules.accountKey(user.email),
          created_at: new Date(now.getTime() - 60_000 + i),
        })),
      )
      .execute();
    await t.db
      .insertInto("rate_limit_events")
      .values({ key: limitRules.accountAddressKey("192.0.2.7", user.email), created_at: new Date(now.getTime() - 60_000) })
      .execute();
    expect((await signIn(user.email, user.password, "192.0.2.7")).status).toBe(429);
    expect((await signIn(user.email, user.password, "192.0.2.8")).status).toBe(302);
  });

  it("past the account's ceiling even a fresh address waits", async () => {
    const user = await makeUser({ email: "ceiling@example.test" });
    const { max } = LIMITS.signInFailure.accountCeiling;
    const now = Date.now();
    await t.db
      .insertInto("rate_limit_events")
      .values(Array.from({ length: max }, (_, i) => ({ key: limitRules.accountKey(user.email), created_at: new Date(now - 60_000 + i) })))
      .execute();
    const refused = await signIn(user.email, user.password, "192.0.2.9");
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  });

  it("the delays grow with each failure past the free ones, and end with the window", async () => {
    const limit = { max: 6, windowMs: 15 * 60_000, free: 2, backoffMs: 10_000 };
    const rules: LimitRule[] = [{ key: `backoff:${Date.now()}`, limit }];
    const start = Date.now();
    const at = (seconds: number) => new Date(start + seconds * 1000);
    expect((await consumeLimit(rules, at(0))).limited).toBe(false);
    expect((await consumeLimit(rules, at(1))).limited).toBe(false);
    // Two events: the third waits 10 s after the newest, the fourth 20 s, the fifth 40 s.
    expect(await checkLimit(rules, at(2))).toEqual({ limited: true, retryAfterSeconds: 9 });
    expect((await consumeLimit(rules, at(11))).limited).toBe(false);
    expect(await checkLimit(rules, at(12))).toEqual({ limited: true, retryAfterSeconds: 19 });
    expect((await consumeLimit(rules, at(31))).limited).toBe(false);
    expect(await checkLimit(rules, at(31))).toEqual({ limited: true, retryAfterSeconds: 40 });
    expect((await checkLimit(rules, at(15 * 60 + 32))).limited).toBe(false);
  });
});

// React Router sends a page's headers only through its route's `headers` export: the action's
// data() may carry Retry-After and the browser still never see it. Each limited form is
// driven to its 429, and what the action answered goes through the page's headers the way
// React Router does it for the HTML (no JS) and the .data (JS) answer alike.
describe("every limited form's 429 carries Retry-After to the browser", () => {
  type PageModule = { action?: (args: any) => unknown; headers?: (args: any) => Headers };
  const ip = "198.51.100.77";
  /** Uses up a counter: `count` events just now. */
  const fill = (key: string, count = 1000) =>
    t.db
      .insertInto("rate_limit_events")
      .values(Array.from({ length: count }, () => ({ key, created_at: new Date() })))
      .execute();

  async function pageAnswer(module: PageModule, call: Promise<{ result: unknown }>) {
    const { status, headers: actionHeaders } = await answerOf(call);
    expect(module.headers, "the route exports headers").toBeTypeOf("function");
    const sent = module.headers!({
      parentHeaders: new Headers({ "X-Layout": "kept" }),
      loaderHeaders: new Headers(),
      actionHeaders,
      errorHeaders: undefined,
    });
    return { status, retryAfter: sent.get("Retry-After"), layout: sent.get("X-Layout") };
  }

  async function liveAdvert(ownerId: number, slug: string) {
    const category = await t.db
      .insertInto("categories")
      .values({ kind: "advertisement", slug: `${slug}-cat`, name_uk: "Категорія" })
      .returning("id")
      .executeTakeFirstOrThrow();
    return t.db
      .insertInto("advertisements")
      .values({
        slug,
        owner_id: ownerId,
        category_id: category.id,
        title: "Оголошення",
        description: "Опис оголошення для перевірки.",
        status: "published",
        published_at: new Date(Date.now() - 60_000),
        phone: "+380501234567",
        show_phone: true,
      })
      .returning(["id", "category_id"])
      .executeTakeFirstOrThrow();
  }

  /** The account's address failures used up from `ip`: even its right password waits. */
  const fillAddressFailures = (email: string) => fill(limitRules.accountAddressKey(ip, email), LIMITS.signInFailure.accountAddress.max);
  /** A session cookie for the user and the guard their account pages run behind. */
  const signedIn = async (user: { id: number }) => ({ cookie: await sessionCookieFor(user.id), middleware: [authMiddleware] });

  /** Each form, driven to its limit: the page it posts to and the request it sends. */
  const forms: Record<string, () => Promise<{ module: PageModule; request: SessionCallOptions }>> = {
    "sign-in": async () => {
      const user = await makeUser();
      await fillAddressFailures(user.email);
      return { module: login, request: { url: "/login", ip, form: { intent: "signin", email: user.email, password: user.password } } };
    },
    register: async () => {
      await fill(`register:ip:${ip}`);
      const form = { intent: "register", email: "new-one@example.test", password: "a-long-password-1" };
      return { module: login, request: { url: "/login", ip, form } };
    },
    forgot: async () => {
      await fill(`mail:ip:${ip}`);
      return { module: login, request: { url: "/login", ip, form: { intent: "forgot", email: "anyone@example.test" } } };
    },
    report: async () => {
      const owner = await makeUser();
      const advert = await liveAdvert(owner.id, "report-limit");
      await fill(`report:ip:${ip}`);
      const form = { targetType: "advertisement", targetId: String(advert.id), reason: "spam" };
      return { module: report, request: { url: "/report", ip, form } };
    },
    "show phone": async () => {
      const owner = await makeUser();
      await liveAdvert(owner.id, "phone-limit");
      await fill(`advert-contact:ip:${ip}`);
      const request = { url: "/advertisement/phone-limit", ip, params: { slug: "phone-limit" }, form: { intent: "phone" } };
      return { module: advertItem, request };
    },
    "delete account": async () => {
      const user = await makeUser();
      await fillAddressFailures(user.email);
      const form = { password: user.password, confirm: "yes" };
      return { module: deleteAccount, request: { url: "/delete-account", ip, ...(await signedIn(user)), form } };
    },
    "password change": async () => {
      const user = await makeUser();
      await fillAddressFailures(user.email);
      const form = { intent: "password", currentPassword: user.password, newPassword: "a-new-password-123" };
      return { module: cabinet, request: { url: "/cabinet", ip, ...(await signedIn(user)), form } };
    },
    "first message to a seller": async () => {
      const owner = await makeUser();
      const advert = await liveAdvert(owner.id, "message-limit");
      const user = await makeUser();
      await fill(`conversation:user:${user.id}`);
      const form = { advert: String(advert.id), body: "Ще актуально?" };
      return { module: messageNew, request: { url: "/cabinet/messages/new", ...(await signedIn(user)), form } };
    },
    "saved search": async () => {
      const user = await makeUser();
      await fill(`saved-search:user:${user.id}`);
      const form = { intent: "save-search", name: "Велосипеди" };
      return { module: adverts, request: { url: "/advertisement", ...(await signedIn(user)), form } };
    },
    "daily advert limit": async () => {
      const user = await makeUser();
      const advert = await liveAdvert(user.id, "daily-limit");
      await t.db.updateTable("settings").set({ adverts_per_user_per_day: 1 }).execute();
      const form = {
        title: "Друге оголошення",
        categoryId: String(advert.category_id),
        description: "Продаю ноутбук у дуже доброму стані, батарея тримає.",
        priceKind: "free",
        contactName: "Оля",
        email: "olia@example.test",
        // The advert form takes multipart only; an empty file input is what a browser sends without photos.
        photos: new File([], "", { type: "application/octet-stream" }),
      };
      return { module: advertNew, request: { url: "/dodaty-ogoloshennya", ...(await signedIn(user)), form } };
    },
    favourites: async () => {
      const user = await makeUser();
      const advert = await liveAdvert(user.id, "favourite-limit");
      await fill(`favourite:user:${user.id}`);
      const cookie = await sessionCookieFor(user.id);
      return {
        module: favouriteToggle,
        request: { url: "/favourites", cookie, form: { intent: "save", advertId: String(advert.id), inline: "1" } },
      };
    },
  };

  for (const [name, setup] of Object.entries(forms)) {
    it(name, async () => {
      try {
        const { module, request } = await setup();
        const answer = await pageAnswer(module, callWithSession(module.action, request));
        expect(answer.status).toBe(429);
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
        expect(answer.layout).toBe("kept");
      } finally {
        await t.db.deleteFrom("rate_limit_events").execute();
        await t.db.updateTable("settings").set({ adverts_per_user_per_day: 10 }).execute();
      }
    });
  }

  it("every page route with an action passes its headers on", async () => {
    const routesDir = path.resolve(import.meta.dirname, "../../app/routes");
    const missing: string[] = [];
    for (const dir of readdirSync(routesDir)) {
      const file = ["route.tsx", "route.ts"].map((name) => path.join(routesDir, dir, name)).find((candidate) => existsSync(candidate))!;
      const module = (await import(/* @vite-ignore */ file)) as PageModule & { default?: unknown; clientAction?: unknown };
      // Pages (a component) and routes a page's script posts to (a client action) answer through React Router's headers.
      if (module.action && (module.default || module.clientAction) && typeof module.headers !== "function") missing.push(dir);
    }
    expect(missing).toEqual([]);
  });
});
