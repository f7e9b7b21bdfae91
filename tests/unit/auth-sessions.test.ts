// Database sessions: the signed cookie, rolling expiry, a demotion or deletion acting on
// the next request, password changes ending other sessions, and the rate limiter's state.
import { beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import {
  authMiddleware,
  myAuthMiddleware,
  sessionContext,
  sessionMiddleware,
  throwIfAccessDenied,
} from "#app/modules/auth/guards.server.ts";
import { passwordSchema } from "#app/modules/auth/password-policy.ts";
import { passwordStrength } from "#app/modules/auth/password-rules.ts";
import { checkLimit, consumeLimit, LIMITS, type LimitRule } from "#app/modules/auth/rate-limit.server.ts";
import { hashToken } from "#app/modules/auth/secrets.server.ts";
import {
  clearSessionCookie,
  createSession,
  deleteUserSessions,
  extendSessionIfDue,
  findSession,
  readSessionToken,
  SESSION_MAX_AGE_SECONDS,
} from "#app/modules/auth/session.server.ts";
import { consumeToken, inspectToken, issueToken } from "#app/modules/auth/tokens.server.ts";
import { deleteAccount, setRole } from "#app/modules/auth/users.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { callWithSession, makeUser, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { buildRequest, catchResponse } from "../support/route.ts";

const t = useTestDatabase();
let dataDir: string;
beforeAll(() => {
  dataDir = useAccountConfig();
});

const page = async () => ({ ok: true });

describe("password rules (one zod schema)", () => {
  it("rates passwords Weak, Medium, Strong and prompts when empty", () => {
    expect(passwordStrength("")).toBe("empty");
    for (const password of ["abc", "abcdefgh"]) expect(passwordStrength(password), password).toBe("weak");
    for (const password of ["abcdefg1", "пароль-для-входу"]) expect(passwordStrength(password), password).toBe("medium");
    expect(passwordStrength("Abcdefgh1234")).toBe("strong");
  });

  it("accepts exactly the passwords the meter rates Medium or better", () => {
    for (const password of ["", "abc", "abcdefgh", "abcdefg1", "Abcdefgh1234", "12345678", "x".repeat(129) + "1"]) {
      const rated = passwordStrength(password);
      expect(passwordSchema.safeParse(password).success, password).toBe(rated === "medium" || rated === "strong");
    }
  });
});

describe("sessions", () => {
  it("stores only a hash of the cookie's token, signed in the cookie", async () => {
    const user = await makeUser();
    const cookie = await sessionCookieFor(user.id);
    const { token } = await readSessionToken(buildRequest({ cookie }));
    expect(token).toBeTruthy();
    const row = await t.db.selectFrom("sessions").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.id).toBe(hashToken(token!));
    expect(cookie).not.toContain(row.id);
    // A tampered signature is no session.
    // Flip a character inside the signature: its last base64 character may carry padding bits only.
    const at = cookie.lastIndexOf(".") + 5;
    const tampered = cookie.slice(0, at) + (cookie[at] === "A" ? "B" : "A") + cookie.slice(at + 1);
    expect((await readSessionToken(buildRequest({ cookie: tampered }))).token).toBeNull();
    // A value once verified is remembered (no Web Crypto again); a forged one never is.
    expect((await readSessionToken(buildRequest({ cookie }))).token).toBe(token);
    expect(await readSessionToken(buildRequest({ cookie: tampered }))).toEqual({ present: true, token: null });
  });

  it("sets the cookie HttpOnly, SameSite=Lax, for 30 days", async () => {
    const user = await makeUser({ email: "cookie@example.test" });
    const form = { intent: "signin", email: user.email, password: user.password };
    const login = await import("#app/routes/login/route.tsx");
    const { result } = await callWithSession(login.action, { url: "/login", form });
    const setCookie = (result as Response).headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toContain(`Max-Age=${SESSION_MAX_AGE_SECONDS}`);
    expect(setCookie).not.toMatch(/Secure/);
  });

  it("rolls: a session used after an hour is extended to 30 days and the cookie re-sent", async () => {
    const user = await makeUser();
    const cookie = await sessionCookieFor(user.id);
    const hourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await t.db
      .updateTable("sessions")
      .set({ last_seen_at: hourAgo, expires_at: new Date(Date.now() + 1000 * 60) })
      .where("user_id", "=", user.id)
      .execute();
    const { setCookies } = await callWithSession(page, { url: "/", cookie });
    expect(setCookies.some((c) => c.startsWith("__session=") && c.includes(`Max-Age=${SESSION_MAX_AGE_SECONDS}`))).toBe(true);
    const row = await t.db.selectFrom("sessions").select("expires_at").where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime()).toBeGreaterThan(Date.now() + (SESSION_MAX_AGE_SECONDS - 60) * 1000);
    // Used again at once: nothing to write, no cookie.
    const again = await callWithSession(page, { url: "/", cookie });
    expect(again.setCookies).toEqual([]);
  });

  it("extendSessionIfDue leaves a session seen within the hour alone", async () => {
    const user = await makeUser();
    const cookie = await sessionCookieFor(user.id);
    const session = (await findSession((await readSessionToken(buildRequest({ cookie }))).token!))!;
    expect(await extendSessionIfDue(session)).toBe(false);
    expect(await extendSessionIfDue(session, new Date(Date.now() + 61 * 60 * 1000))).toBe(true);
  });

  it("forgets expired sessions and clears a cookie that names none", async () => {
    const user = await makeUser();
    const cookie = await sessionCookieFor(user.id);
    await t.db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("user_id", "=", user.id)
      .execute();
    const { setCookies } = await callWithSession(page, { url: "/", cookie });
    expect(setCookies).toContain(await clearSessionCookie());
    const response = await catchResponse(callWithSession(page, { url: "/cabinet", cookie, middleware: [authMiddleware] }));
    expect(response.headers.get("Location")).toBe("/login?redirect=%2Fcabinet");
  });

  it("a demotion acts on the next request", async () => {
    const admin = await makeUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    // The dashboard layout's loader throws the refusal my-auth noted (GET pages keep the full shell).
    const dashboardPage = async (args: { context: Readonly<RouterContextProvider> }) => {
      throwIfAccessDenied(args.context);
      return { ok: true };
    };
    const settings = { url: "/dashboard/settings", cookie, middleware: [myAuthMiddleware] };
    await expect(callWithSession(dashboardPage, settings)).resolves.toMatchObject({ result: { ok: true } });
    await setRole(admin.id, "editor");
    await expect(callWithSession(dashboardPage, settings)).rejects.toMatchObject({ init: { status: 403 } });
    // Writes are refused by my-auth itself.
    await expect(callWithSession(page, { ...settings, method: "POST", form: { a: "1" } })).rejects.toMatchObject({ init: { status: 403 } });
    await setRole(admin.id, "user");
    await expect(callWithSession(dashboardPage, { ...settings, url: "/dashboard" })).rejects.toMatchObject({ init: { status: 403 } });
  });

  it("a blocked or deleted user is signed out on the next request", async () => {
    const blocked = await makeUser();
    const blockedCookie = await sessionCookieFor(blocked.id);
    await t.db.updateTable("users").set({ blocked_at: new Date() }).where("id", "=", blocked.id).execute();
    const one = await catchResponse(callWithSession(page, { url: "/cabinet", cookie: blockedCookie, middleware: [authMiddleware] }));
    expect(one.status).toBe(302);

    const deleted = await makeUser();
    const deletedCookie = await sessionCookieFor(deleted.id);
    await deleteAccount(deleted.id, dataDir);
    const two = await catchResponse(callWithSession(page, { url: "/us/cabinet", cookie: deletedCookie, middleware: [authMiddleware] }));
    expect(two.headers.get("Location")).toBe("/us/login?redirect=%2Fus%2Fcabinet");
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", deleted.id).execute()).toEqual([]);
  });

  it("ending a user's other sessions keeps the current one", async () => {
    const user = await makeUser();
    const current = await createSession(user.id, null);
    await createSession(user.id, null);
    await createSession(user.id, null);
    expect(await deleteUserSessions(user.id, current.id)).toBe(2);
    expect(await findSession(current.token)).not.toBeNull();
  });

  it("puts the session in the request context for loaders", async () => {
    const user = await makeUser({ role: "editor" });
    const cookie = await sessionCookieFor(user.id);
    const context = new RouterContextProvider();
    await callWithSession(async () => null, { url: "/", cookie, context });
    expect(context.get(sessionContext)?.user).toMatchObject({ id: user.id, role: "editor", email: user.email });
    await sessionMiddleware(
      { request: buildRequest({ url: "/" }), url: new URL("http://localhost/"), params: {}, pattern: "/", context },
      async () => new Response(null),
    );
    expect(context.get(sessionContext)).toBeNull();
  });
});

describe("emailed link tokens", () => {
  it("are stored hashed, used once, and expire (verify 24 h, reset 1 h)", async () => {
    const user = await makeUser({ verified: false });
    const issued = new Date();
    const verify = await issueToken(user.id, "verify_email", issued);
    const reset = await issueToken(user.id, "reset_password", issued);
    const rows = await t.db.selectFrom("auth_tokens").selectAll().where("user_id", "=", user.id).execute();
    expect(rows.map((row) => row.token_hash).sort()).toEqual([hashToken(verify), hashToken(reset)].sort());
    const lifetime = (purpose: string) => {
      const row = rows.find((r) => r.purpose === purpose)!;
      return new Date(row.expires_at).getTime() - issued.getTime();
    };
    expect(lifetime("verify_email")).toBe(24 * 60 * 60 * 1000);
    expect(lifetime("reset_password")).toBe(60 * 60 * 1000);

    const later = new Date(issued.getTime() + 61 * 60 * 1000);
    expect(await consumeToken(reset, "reset_password", later)).toBeNull();
    expect((await inspectToken(reset, later)).status).toBe("expired");
    expect(await consumeToken(verify, "reset_password", later)).toBeNull();
    expect(await consumeToken(verify, "verify_email", later)).toBe(user.id);
    expect(await consumeToken(verify, "verify_email", later)).toBeNull();
    expect((await inspectToken(verify)).status).toBe("used");
  });

  it("a new link of the same kind retires the previous one", async () => {
    const user = await makeUser();
    const first = await issueToken(user.id, "reset_password");
    const second = await issueToken(user.id, "reset_password");
    expect(await consumeToken(first, "reset_password")).toBeNull();
    expect(await consumeToken(second, "reset_password")).toBe(user.id);
  });
});

describe("rate limits in the database", () => {
  it("allows 5 failures in 15 minutes, then says when to come back", async () => {
    const rules: LimitRule[] = [{ key: `test:${Date.now()}`, limit: { max: 5, windowMs: 15 * 60 * 1000 } }];
    const start = new Date();
    for (let i = 0; i < 5; i++) {
      expect((await consumeLimit(rules, new Date(start.getTime() + i * 1000))).limited).toBe(false);
    }
    const state = await checkLimit(rules, new Date(start.getTime() + 5000));
    expect(state.limited).toBe(true);
    expect(state.retryAfterSeconds).toBe(15 * 60 - 5);
    expect((await checkLimit(rules, new Date(start.getTime() + 15 * 60 * 1000 + 1))).limited).toBe(false);
  });

  it("counts concurrent attempts exactly", async () => {
    const rules: LimitRule[] = [{ key: `burst:${Date.now()}`, limit: LIMITS.register.email }];
    const results = await Promise.all(Array.from({ length: 8 }, () => consumeLimit(rules)));
    expect(results.filter((state) => !state.limited)).toHaveLength(LIMITS.register.email.max);
  });
});
