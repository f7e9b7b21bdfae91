// Two-factor (TOTP and recovery codes) and passkeys through their route modules: enrolment,
// the pending second step after a password, replay, lockout, the staff rule, and passkey
// registration and sign-in with a software authenticator, hostile inputs included.
import { generate } from "otplib";
import type { MiddlewareFunction } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import * as apiAuth from "#app/routes/api-auth/route.ts";
import * as cabinetSecurity from "#app/routes/cabinet-security/route.tsx";
import * as cabinetPasskey from "#app/routes/cabinet-security-passkey/route.ts";
import * as login from "#app/routes/login/route.tsx";
import * as loginPasskey from "#app/routes/login-passkey/route.ts";
import * as secondStep from "#app/routes/login-two-factor/route.tsx";
import { authMiddleware } from "#app/modules/auth/guards.server.ts";
import { sameOriginMiddleware } from "#app/platform/http/same-origin.server.ts";
import { readPasskeyStep } from "#app/modules/auth/passkey-requests.server.ts";
import { staffTwoFactorMiddleware } from "#app/modules/auth/staff-two-factor.server.ts";
import { resetContentState } from "#app/platform/page-cache/content-state.server.ts";
import { findSession, readSessionToken } from "#app/modules/auth/session.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { callWithSession, makeUser, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { buildContext, buildRequest, cookieHeader, unwrapData } from "../support/route.ts";
import { SoftPasskey } from "../support/soft-passkey.ts";

const t = useTestDatabase();
const ORIGIN = "https://portal.example";
beforeAll(() => {
  useAccountConfig({ PUBLIC_URL: ORIGIN });
});

type Outcome = { status: number; response?: Response; data?: any; headers?: Headers; setCookies: string[] };

async function call(fn: (args: any) => unknown, options: Parameters<typeof callWithSession>[1]): Promise<Outcome> {
  try {
    const { result, setCookies } = await callWithSession(fn, options);
    if (result instanceof Response)
      return { status: result.status, response: result, setCookies: [...setCookies, ...result.headers.getSetCookie()] };
    const { data, status, headers } = unwrapData(result);
    return { status, data, headers, setCookies };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, response: error, setCookies: error.headers.getSetCookie() };
    const thrown = error as { type?: unknown; init?: ResponseInit | null };
    if (thrown?.type === "DataWithResponseInit") return { status: thrown.init?.status ?? 200, setCookies: [] };
    throw error;
  }
}

const codeAt = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
const cookieNamed = (outcome: Outcome, name: string) =>
  outcome.setCookies.find((cookie) => cookie.startsWith(`${name}=`) && !cookie.startsWith(`${name}=;`));

/** The cabinet's security page, as `cookie`'s user. */
const securityPage = (cookie: string) => call(cabinetSecurity.loader, { url: "/cabinet/security", cookie, middleware: [authMiddleware] });
/** A post to the cabinet's security page, as `cookie`'s user. */
const postSecurity = (cookie: string, form: Record<string, string>) =>
  call(cabinetSecurity.action, { url: "/cabinet/security", cookie, form, middleware: [authMiddleware] });

/** A user with two-factor on: its secret and recovery codes. */
async function enrolledUser(options: { role?: "user" | "editor" } = {}) {
  const user = await makeUser(options);
  const cookie = await sessionCookieFor(user.id);
  expect((await postSecurity(cookie, { intent: "totp-start" })).status).toBe(302);
  const page = await securityPage(cookie);
  const secret: string = page.data.twoFactor.enrolment.secret;
  const confirmed = await postSecurity(cookie, { intent: "totp-confirm", code: await codeAt(secret) });
  expect(confirmed.status).toBe(200);
  return { user, cookie, secret, recoveryCodes: confirmed.data.recoveryCodes as string[] };
}

/** Password sign-in; the pending second-step cookie it set. */
async function passwordStep(user: { email: string; password: string }) {
  const outcome = await call(login.action, { url: "/login", form: { intent: "signin", email: user.email, password: user.password } });
  expect(outcome.status).toBe(302);
  expect(outcome.response!.headers.get("Location")).toBe("/login/two-factor");
  expect(cookieNamed(outcome, "__session")).toBeUndefined();
  const pending = cookieNamed(outcome, "__second_step");
  expect(pending).toBeDefined();
  return cookieHeader(pending);
}

const postCode = (cookie: string, code: string, intent = "totp-verify", ip?: string) =>
  call(secondStep.action, { url: "/login/two-factor", cookie, form: { intent, code }, ...(ip ? { ip } : {}) });

describe("authenticator app enrolment", () => {
  it("shows a QR code and the secret while enrolling, turns on with a right code, and never shows the secret again", async () => {
    const user = await makeUser();
    const cookie = await sessionCookieFor(user.id);
    const before = await securityPage(cookie);
    expect(before.data.twoFactor).toMatchObject({ enabled: false, enrolment: null });
    await postSecurity(cookie, { intent: "totp-start" });
    const enrolling = await securityPage(cookie);
    const { secret, qrDataUrl } = enrolling.data.twoFactor.enrolment;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    const stored = await t.db.selectFrom("user_totp").select("secret_encrypted").where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(stored.secret_encrypted).not.toContain(secret);

    const wrong = await postSecurity(cookie, { intent: "totp-confirm", code: "000000" });
    expect(wrong.status).toBe(400);
    expect(wrong.data.result.error.code).toEqual(["security:errors.code_wrong"]);
    const bad = await postSecurity(cookie, { intent: "totp-confirm", code: "12ab" });
    expect(bad.status).toBe(400);
    expect(bad.data.result.error.code).toEqual(["security:errors.code_format"]);

    const confirmed = await postSecurity(cookie, { intent: "totp-confirm", code: await codeAt(secret) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.data.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.data.recoveryCodes).size).toBe(10);
    const hashes = await t.db.selectFrom("user_recovery_codes").select("code_hash").where("user_id", "=", user.id).execute();
    expect(hashes).toHaveLength(10);
    expect(hashes.map((row) => row.code_hash)).not.toContain(confirmed.data.recoveryCodes[0]);

    const after = await securityPage(cookie);
    expect(after.data.twoFactor).toMatchObject({ enabled: true, recoveryCodesLeft: 10, enrolment: null });
    expect(JSON.stringify(after.data)).not.toContain(secret);
  });

  it("refuses unknown intents and hostile passkey ids with 400", async () => {
    const user = await makeUser();
    const cookie = await sessionCookieFor(user.id);
    expect((await postSecurity(cookie, { intent: "nope" })).status).toBe(400);
    expect((await postSecurity(cookie, { intent: "passkey-remove", passkey: "../../etc" })).status).toBe(400);
    expect((await postSecurity(cookie, { intent: "passkey-remove", passkey: "unknown" })).status).toBe(400);
  });
});

describe("the second sign-in step", () => {
  it("after the password, asks for a code before any session; the right code makes the session once", async () => {
    const { user, secret } = await enrolledUser();
    const pending = await passwordStep(user);
    // The pending step is no session: the cabinet still sends it to sign in.
    const cabinet = await securityPage(pending);
    expect(cabinet.status).toBe(302);
    expect(cabinet.response!.headers.get("Location")).toMatch(/^\/login\?redirect=/);
    expect((await call(secondStep.loader, { url: "/login/two-factor", cookie: pending })).status).toBe(200);
    expect((await call(secondStep.loader, { url: "/login/two-factor" })).response!.headers.get("Location")).toBe("/login");

    const done = await postCode(pending, await codeAt(secret, 30));
    expect(done.status).toBe(302);
    expect(done.response!.headers.get("Location")).toBe("/cabinet");
    const session = cookieNamed(done, "__session");
    const { token } = await readSessionToken(buildRequest({ cookie: session }));
    expect((await findSession(token!))?.user.id).toBe(user.id);
    // The pending step is used up.
    const again = await postCode(pending, await codeAt(secret, 30));
    expect(again.response!.headers.get("Location")).toBe("/login");
  });

  it("a code accepted once is not accepted again in its window (replay)", async () => {
    const { user, secret } = await enrolledUser();
    const code = await codeAt(secret, 30);
    expect((await postCode(await passwordStep(user), code)).status).toBe(302);
    const replay = await postCode(await passwordStep(user), code);
    expect(replay.status).toBe(401);
    expect(replay.data.result.error.code).toEqual(["security:errors.code_wrong"]);
    // The code used to enrol cannot sign in either.
    const enrolCode = await codeAt(secret);
    expect((await postCode(await passwordStep(user), enrolCode)).status).toBe(401);
  });

  it("a recovery code works once", async () => {
    const { user, recoveryCodes } = await enrolledUser();
    const first = await postCode(await passwordStep(user), recoveryCodes[3]!.toUpperCase(), "recovery-verify");
    expect(first.status).toBe(302);
    const second = await postCode(await passwordStep(user), recoveryCodes[3]!, "recovery-verify");
    expect(second.status).toBe(401);
    expect(second.data.result.error.code).toEqual(["security:errors.recovery_wrong"]);
  });

  it("five wrong codes lock the step with Retry-After, even for a right code and a new password sign-in", async () => {
    const { user, secret } = await enrolledUser();
    const pending = await passwordStep(user);
    for (let i = 0; i < 5; i++) expect((await postCode(pending, "000000")).status).toBe(401);
    const locked = await postCode(pending, await codeAt(secret, 30));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers!.get("Retry-After"))).toBeGreaterThan(60);
    const fresh = await postCode(await passwordStep(user), await codeAt(secret, 30), "totp-verify", "198.51.100.77");
    expect(fresh.status).toBe(429);
  });

  it("answers hostile input with 4xx: unknown intent, a forged cookie, overlong codes", async () => {
    const { user } = await enrolledUser();
    const pending = await passwordStep(user);
    expect((await postCode(pending, "123456", "hack")).status).toBe(400);
    expect((await postCode(pending, "x".repeat(5000), "recovery-verify")).status).toBe(400);
    const forged = await postCode("__second_step=eyJmb28iOiJiYXIifQ.forged", "123456");
    expect(forged.status).toBe(302);
    expect(forged.response!.headers.get("Location")).toBe("/login");
  });
});

describe("the auth API's sign-in", () => {
  it("answers an account with two-factor with the second step's address, not a session", async () => {
    const { user } = await enrolledUser();
    const csrf = (await callWithSession(apiAuth.loader, { url: "/api/auth/csrf", params: { "*": "csrf" } })).result as Response;
    const { csrfToken } = await csrf.json();
    const signed = await callWithSession(apiAuth.action, {
      url: "/api/auth/signin/credentials",
      params: { "*": "signin/credentials" },
      form: { email: user.email, password: user.password, callbackUrl: "/us/cabinet", json: "true", csrfToken },
      cookie: cookieHeader(...csrf.headers.getSetCookie()),
    });
    const response = signed.result as Response;
    expect(await response.json()).toEqual({ url: "/us/login/two-factor" });
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("__second_step="))).toBe(true);
    expect(cookies.some((c) => c.startsWith("__session="))).toBe(false);
  });
});

describe("staff must use two-factor", () => {
  const dashboard = (cookie: string) =>
    call(async () => new Response("dashboard"), { url: "/us/dashboard/news", cookie, middleware: [staffTwoFactorMiddleware] });

  it("sends staff without two-factor to enrol when the setting is on, and only then", async () => {
    const editor = await makeUser({ role: "editor" });
    const cookie = await sessionCookieFor(editor.id);
    expect((await dashboard(cookie)).status).toBe(200);
    await t.db.updateTable("settings").set({ staff_two_factor: true }).execute();
    resetContentState();
    try {
      const sent = await dashboard(cookie);
      expect(sent.status).toBe(302);
      expect(sent.response!.headers.get("Location")).toBe("/us/cabinet/security#totp");
      const enrolled = await enrolledUser({ role: "editor" });
      expect((await dashboard(enrolled.cookie)).status).toBe(200);
      const security = await securityPage(cookie);
      expect(security.data.twoFactor.staffRequired).toBe(true);
    } finally {
      await t.db.updateTable("settings").set({ staff_two_factor: false }).execute();
      resetContentState();
    }
  });
});

describe("passkeys", () => {
  const postJson = (fn: (args: any) => unknown, url: string, json: unknown, cookie?: string) =>
    call(fn, { url, json, cookie, middleware: cookie ? [authMiddleware] : [] });
  const body = async (outcome: Outcome) => (await outcome.response!.json()) as Record<string, any>;

  async function registered() {
    const user = await makeUser();
    const cookie = await sessionCookieFor(user.id);
    const passkey = new SoftPasskey("portal.example", ORIGIN);
    const options = await body(await postJson(cabinetPasskey.action, "/cabinet/security/passkey", { step: "options" }, cookie));
    expect(options.rp.id).toBe("portal.example");
    const stored = await postJson(
      cabinetPasskey.action,
      "/cabinet/security/passkey",
      { step: "verify", name: "Laptop", response: passkey.register(options.challenge) },
      cookie,
    );
    expect(stored.status).toBe(200);
    return { user, cookie, passkey };
  }

  it("registers a passkey, signs in with it (no code asked), and lists, renames and removes it", async () => {
    const { user, cookie, passkey } = await registered();
    const page = await securityPage(cookie);
    expect(page.data.passkeys.list).toMatchObject([{ name: "Laptop" }]);

    const options = await body(await postJson(loginPasskey.action, "/us/login/passkey", { step: "options" }));
    const signedIn = await postJson(loginPasskey.action, "/us/login/passkey", {
      step: "verify",
      redirect: "/us/cabinet/favourites",
      response: passkey.authenticate(options.challenge),
    });
    expect(signedIn.status).toBe(200);
    expect(await body(signedIn)).toEqual({ location: "/us/cabinet/favourites" });
    const { token } = await readSessionToken(buildRequest({ cookie: cookieNamed(signedIn, "__session") }));
    expect((await findSession(token!))?.user.id).toBe(user.id);

    const id = page.data.passkeys.list[0].id as string;
    const renamed = await postSecurity(cookie, { intent: "passkey-rename", passkey: id, name: "  Phone " });
    expect(renamed.status).toBe(302);
    expect(await t.db.selectFrom("user_passkeys").select("name").where("id", "=", id).executeTakeFirst()).toEqual({ name: "Phone" });
    const other = await sessionCookieFor((await makeUser()).id);
    expect((await postSecurity(other, { intent: "passkey-remove", passkey: id })).status).toBe(400);
    expect((await postSecurity(cookie, { intent: "passkey-remove", passkey: id })).status).toBe(302);
    expect(await t.db.selectFrom("user_passkeys").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
  });

  it("refuses a replayed challenge, a foreign origin and another relying party", async () => {
    const { passkey } = await registered();
    const options = await body(await postJson(loginPasskey.action, "/login/passkey", { step: "options" }));
    const answer = passkey.authenticate(options.challenge);
    expect((await postJson(loginPasskey.action, "/login/passkey", { step: "verify", response: answer })).status).toBe(200);
    expect((await postJson(loginPasskey.action, "/login/passkey", { step: "verify", response: answer })).status).toBe(400);

    const next = await body(await postJson(loginPasskey.action, "/login/passkey", { step: "options" }));
    expect(
      (
        await postJson(loginPasskey.action, "/login/passkey", {
          step: "verify",
          response: passkey.authenticate(next.challenge, "https://evil.example"),
        })
      ).status,
    ).toBe(400);
    const elsewhere = new SoftPasskey("evil.example", "https://evil.example");
    const user = await makeUser();
    const cookie = await sessionCookieFor(user.id);
    const reg = await body(await postJson(cabinetPasskey.action, "/cabinet/security/passkey", { step: "options" }, cookie));
    expect(
      (
        await postJson(
          cabinetPasskey.action,
          "/cabinet/security/passkey",
          { step: "verify", name: "x", response: elsewhere.register(reg.challenge, "https://evil.example") },
          cookie,
        )
      ).status,
    ).toBe(400);
  });

  it("answers bad base64, bad JSON, wrong types and huge bodies with 4xx, never 5xx", async () => {
    const { passkey, cookie } = await registered();
    const options = await body(await postJson(loginPasskey.action, "/login/passkey", { step: "options" }));
    const answer = passkey.authenticate(options.challenge);
    const badBase64 = { ...answer, response: { ...answer.response, signature: "!!not base64!!" } };
    expect((await postJson(loginPasskey.action, "/login/passkey", { step: "verify", response: badBase64 })).status).toBe(400);
    const garbage = { ...answer, response: { ...answer.response, clientDataJSON: Buffer.from("{not json").toString("base64url") } };
    expect((await postJson(loginPasskey.action, "/login/passkey", { step: "verify", response: garbage })).status).toBe(400);
    const badCbor = passkey.register(options.challenge);
    badCbor.response.attestationObject = Buffer.from("garbage").toString("base64url");
    expect(
      (await postJson(cabinetPasskey.action, "/cabinet/security/passkey", { step: "verify", name: "x", response: badCbor }, cookie)).status,
    ).toBe(400);
    for (const json of [null, [], { step: "verify" }, { step: "verify", response: "x" }, { step: 42 }]) {
      expect((await postJson(loginPasskey.action, "/login/passkey", json)).status).toBe(400);
    }
    const raw = await readPasskeyStep(
      new Request(`${ORIGIN}/login/passkey`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{not json" }),
    );
    expect(raw.ok ? 200 : raw.response.status).toBe(400);
    const notJson = await call(loginPasskey.action, { url: "/login/passkey", form: { step: "options" } });
    expect(notJson.status).toBe(415);
    const huge = await postJson(loginPasskey.action, "/login/passkey", { step: "verify", response: { padding: "x".repeat(200_000) } });
    expect(huge.status).toBe(413);
    // A post from another site never reaches the action.
    const foreign = buildRequest({
      url: `${ORIGIN}/login/passkey`,
      json: { step: "options" },
      headers: { Origin: "https://evil.example" },
    });
    const next = async () => new Response("ran");
    const refused = await Promise.resolve(
      (sameOriginMiddleware as MiddlewareFunction<Response>)(
        { request: foreign, url: new URL(foreign.url), pattern: "us?/login/passkey", params: {}, context: buildContext([]) },
        next,
      ),
    ).then(
      (response) => response,
      (error: unknown) => error,
    );
    expect(refused instanceof Response ? refused.status : (refused as { init?: ResponseInit }).init?.status).toBe(403);
  });

  it("limits passkey sign-in challenges per address, with Retry-After", async () => {
    const ip = "203.0.113.61";
    for (let i = 0; i < 60; i++) await call(loginPasskey.action, { url: "/login/passkey", json: { step: "options" }, ip });
    const limited = await call(loginPasskey.action, { url: "/login/passkey", json: { step: "options" }, ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.response!.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});
