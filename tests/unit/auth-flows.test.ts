// The account flows through their route modules, as the app runs them: sign-in (and its
// redirect rules and limits), register, verify, forgot/reset, cabinet, delete, the auth API.
import { beforeAll, describe, expect, it } from "vitest";
import * as apiAuth from "#app/routes/api-auth/route.ts";
import * as cabinet from "#app/routes/cabinet/route.tsx";
import * as deleteAccountRoute from "#app/routes/delete-account/route.tsx";
import * as login from "#app/routes/login/route.tsx";
import * as verifyRequest from "#app/routes/verify-request/route.tsx";
import { authMiddleware } from "#app/modules/auth/guards.server.ts";
import { findSession, readSessionToken } from "#app/modules/auth/session.server.ts";
import { findUserByEmail } from "#app/modules/auth/users.server.ts";
import { storeImage } from "#app/platform/images/store.server.ts";
import { getConfig } from "#app/platform/config/config.server.ts";
import { runQueuedJobs } from "#app/jobs.server.ts";
import sharp from "sharp";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { useTestDatabase } from "../support/db.ts";
import { callWithSession, makeUser, readOutbox, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { buildRequest, catchResponse, cookieHeader, unwrapData } from "../support/route.ts";

const t = useTestDatabase();
beforeAll(() => {
  useAccountConfig({ PUBLIC_URL: "https://portal.example" });
});

type Reply = {
  intent: string;
  result: { status?: string; initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> | null };
};

async function post(url: string, form: Record<string, string>, extra: { cookie?: string; ip?: string } = {}) {
  const route = url.replace(/^\/us/, "").split("?")[0];
  const mod =
    route === "/login" ? login : route === "/verify-request" ? verifyRequest : route === "/cabinet" ? cabinet : deleteAccountRoute;
  try {
    const { result } = await callWithSession(mod.action as (args: any) => unknown, { url, form, ...extra });
    if (result instanceof Response) return { response: result, reply: undefined, status: result.status };
    const { data, status, headers } = unwrapData(result);
    return { response: undefined, reply: data as Reply, status, headers };
  } catch (error) {
    if (error instanceof Response) return { response: error, reply: undefined, status: error.status };
    throw error;
  }
}

function sessionCookieOf(response: Response | undefined): string {
  const cookie = response?.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (!cookie) throw new Error("no session cookie");
  return cookieHeader(cookie);
}

/** The last mail to `email`, once the queued mails are sent. */
async function lastMailTo(email: string) {
  await runQueuedJobs();
  return readOutbox()
    .filter((mail) => mail.to.includes(email))
    .at(-1);
}

describe("sign-in", () => {
  it("a wrong password answers 401 at the form, keeping the typed email, not the password", async () => {
    const user = await makeUser({ email: "wrong-pass@example.test" });
    const { status, reply } = await post("/login", { intent: "signin", email: user.email, password: "not-it-123" });
    expect(status).toBe(401);
    expect(reply!.intent).toBe("signin");
    expect(reply!.result.error?.[""]).toEqual(["auth:login.invalid_credentials"]);
    expect(reply!.result.initialValue?.email).toBe(user.email);
    expect(reply!.result.initialValue?.password).toBeUndefined();
  });

  it("an unknown email answers exactly like a wrong password", async () => {
    const { status, reply } = await post("/login", { intent: "signin", email: "nobody@example.test", password: "whatever-123" });
    expect(status).toBe(401);
    expect(reply!.result.error?.[""]).toEqual(["auth:login.invalid_credentials"]);
  });

  it("invalid input answers 400 with field messages", async () => {
    const { status, reply } = await post("/us/login", { intent: "signin", email: "not-an-email", password: "" });
    expect(status).toBe(400);
    expect(reply!.result.error?.email).toEqual(["auth:errors.email_invalid"]);
    expect(reply!.result.error?.password).toEqual(["auth:errors.password_required"]);
  });

  it("signs in (any letter case of the email), starts a session and lands on the redirect target", async () => {
    const user = await makeUser({ email: "mixed@example.test" });
    const { response } = await post("/us/login", {
      intent: "signin",
      email: "MIXED@Example.test",
      password: user.password,
      redirect: "/us/cabinet?tab=1",
    });
    expect(response!.status).toBe(302);
    expect(response!.headers.get("Location")).toBe("/us/cabinet?tab=1");
    const { token } = await readSessionToken(buildRequest({ cookie: sessionCookieOf(response) }));
    expect((await findSession(token!))?.user.id).toBe(user.id);
  });

  it.each([["https://evil.example"], ["//evil.example"], ["/\\evil.example"], ["javascript:alert(1)"], ["http:/evil.example"], [""]])(
    "after sign-in with redirect=%s a user lands in the cabinet",
    async (redirect) => {
      const user = await makeUser();
      const ua = await post("/login", { intent: "signin", email: user.email, password: user.password, redirect });
      expect(ua.response!.headers.get("Location")).toBe("/cabinet");
      const us = await post("/us/login", { intent: "signin", email: user.email, password: user.password, redirect });
      expect(us.response!.headers.get("Location")).toBe("/us/cabinet");
    },
  );

  it.each([
    ["admin", "/dashboard"],
    ["editor", "/dashboard"],
    ["user", "/cabinet"],
  ] as const)("without a redirect target, a signed-in %s lands on %s (also when visiting /login again)", async (role, landing) => {
    const user = await makeUser({ role });
    const ua = await post("/login", { intent: "signin", email: user.email, password: user.password, redirect: "" });
    expect(ua.response!.headers.get("Location")).toBe(landing);
    const us = await post("/us/login", { intent: "signin", email: user.email, password: user.password });
    expect(us.response!.headers.get("Location")).toBe(`/us${landing}`);
    const again = await catchResponse(callWithSession(login.loader, { url: "/us/login", cookie: await sessionCookieFor(user.id) }));
    expect(again.headers.get("Location")).toBe(`/us${landing}`);
    // A target given still wins, for staff too.
    const back = await post("/login", { intent: "signin", email: user.email, password: user.password, redirect: "/advertisement?page=2" });
    expect(back.response!.headers.get("Location")).toBe("/advertisement?page=2");
  });

  it("a signed-in visitor of /login goes on to the redirect target", async () => {
    const user = await makeUser();
    const cookie = await sessionCookieFor(user.id);
    const response = await catchResponse(callWithSession(login.loader, { url: "/login?redirect=%2Fcabinet", cookie }));
    expect(response.headers.get("Location")).toBe("/cabinet");
  });

  it("slows an address down after its fifth failure for an account: 429 with Retry-After, the form kept", async () => {
    const user = await makeUser({ email: "target@example.test" });
    for (let i = 0; i < 5; i++) {
      const { status } = await post("/login", { intent: "signin", email: user.email, password: `guess-${i}-abc` }, { ip: "198.51.100.1" });
      expect(status).toBe(401);
    }
    const blocked = await post("/us/login", { intent: "signin", email: user.email, password: user.password }, { ip: "198.51.100.1" });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers!.get("Retry-After"))).toBeGreaterThan(0);
    expect(blocked.reply!.result.error?.[""]?.[0]).toBe('auth:login.too_many|{"minutes":1}');
    expect(blocked.reply!.result.initialValue?.email).toBe(user.email);
  });

  it("failures spread over addresses never lock the owner out", async () => {
    const user = await makeUser({ email: "spread-owner@example.test" });
    for (let i = 0; i < 5; i++) {
      const { status } = await post(
        "/login",
        { intent: "signin", email: user.email, password: `guess-${i}-abc` },
        { ip: `198.51.100.${i + 10}` },
      );
      expect(status).toBe(401);
    }
    expect(
      (await post("/us/login", { intent: "signin", email: user.email, password: user.password }, { ip: "198.51.100.99" })).status,
    ).toBe(302);
  });

  it("slows down an address after 20 failures across accounts", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < 20; i++)
      await post("/login", { intent: "signin", email: `spray${i}@example.test`, password: "password-1" }, { ip });
    const other = await makeUser();
    expect((await post("/login", { intent: "signin", email: other.email, password: other.password }, { ip })).status).toBe(429);
    expect((await post("/login", { intent: "signin", email: other.email, password: other.password }, { ip: "192.0.2.78" })).status).toBe(
      302,
    );
  });
});

describe("register and verify", () => {
  it("creates an unverified user, mails a link in the page's locale, and the link verifies once", async () => {
    const email = `reg-${Date.now()}@example.test`;
    const { response } = await post("/us/login", { intent: "register", name: "Ola", email, password: "abcdefg12" });
    expect(response!.headers.get("Location")).toBe("/us/verify-request?sent=register");
    const user = await findUserByEmail(email);
    expect(user).toMatchObject({ email, name: "Ola", email_verified_at: null, preferred_locale: "us", role: "user" });
    expect(user!.password_hash).toMatch(/^\$argon2id\$/);

    const mail = (await lastMailTo(email))!;
    expect(mail.subject).toMatch(/^Confirm your email address/);
    expect(mail.link).toMatch(/^https:\/\/portal\.example\/us\/verify-request\?token=[\w-]{40,}$/);
    const token = new URL(mail.link!).searchParams.get("token")!;
    expect(await t.db.selectFrom("auth_tokens").select("id").where("token_hash", "=", token).execute()).toEqual([]);

    const first = await callWithSession(verifyRequest.loader, { url: `/us/verify-request?token=${token}` });
    expect(first.result.state).toEqual({ kind: "verified" });
    expect((await findUserByEmail(email))!.email_verified_at).not.toBeNull();
    const again = await callWithSession(verifyRequest.loader, { url: `/us/verify-request?token=${token}` });
    expect(again.result.state).toEqual({ kind: "already_verified" });
    const bogus = await callWithSession(verifyRequest.loader, { url: "/verify-request?token=nope" });
    expect(bogus.result.state).toEqual({ kind: "invalid", purpose: null });
  });

  it("answers a known email exactly like a new one, and tells only the owner's mailbox", async () => {
    const owner = await makeUser({ email: "owner@example.test" });
    const before = await t.db.selectFrom("users").select("id").execute();
    const known = await post("/login", { intent: "register", email: "Owner@example.test", password: "abcdefg12" });
    const fresh = await post("/login", { intent: "register", email: `fresh-${Date.now()}@example.test`, password: "abcdefg12" });
    expect(known.status).toBe(fresh.status);
    expect(known.response!.headers.get("Location")).toBe(fresh.response!.headers.get("Location"));
    expect((await t.db.selectFrom("users").select("id").execute()).length).toBe(before.length + 1);
    expect((await lastMailTo(owner.email))!.subject).toMatch(/^У вас уже є обліковий запис/);
  });

  it("the honeypot field makes a registration vanish silently", async () => {
    const email = `bot-${Date.now()}@example.test`;
    const mails = readOutbox().length;
    const { response } = await post("/login", { intent: "register", email, password: "abcdefg12", website: "http://spam.example" });
    expect(response!.headers.get("Location")).toBe("/verify-request?sent=register");
    expect(await findUserByEmail(email)).toBeUndefined();
    await runQueuedJobs();
    expect(readOutbox().length).toBe(mails);
  });

  it("refuses weak passwords at the form", async () => {
    const { status, reply } = await post("/login", { intent: "register", email: "weak@example.test", password: "abcdefgh" });
    expect(status).toBe(400);
    expect(reply!.result.error?.password).toEqual(["auth:errors.password_too_simple"]);
  });

  it("limits registrations per IP (10 an hour)", async () => {
    const ip = "203.0.113.200";
    for (let i = 0; i < 10; i++) {
      expect(
        (await post("/login", { intent: "register", email: `many${i}-${Date.now()}@example.test`, password: "abcdefg12" }, { ip })).status,
      ).toBe(302);
    }
    const limited = await post(
      "/login",
      { intent: "register", email: `many-last-${Date.now()}@example.test`, password: "abcdefg12" },
      { ip },
    );
    expect(limited.status).toBe(429);
    expect(limited.headers!.get("Retry-After")).toMatch(/^\d+$/);
  });
});

describe("forgot and reset password", () => {
  it("mails a one-hour link; the new password works, the old does not, and every session ends", async () => {
    const user = await makeUser({ email: "forgetful@example.test", verified: false });
    const otherSession = await sessionCookieFor(user.id);
    const { response } = await post("/login", { intent: "forgot", email: user.email });
    expect(response!.headers.get("Location")).toBe("/verify-request?sent=reset");
    await runQueuedJobs();
    const mail = (await lastMailTo(user.email))!;
    expect(mail.subject).toMatch(/^Новий пароль/);
    const token = new URL(mail.link!).searchParams.get("token")!;

    const page = await callWithSession(verifyRequest.loader, { url: `/verify-request?token=${token}` });
    expect(page.result.state).toEqual({ kind: "reset", token, email: user.email });

    const weak = await post("/verify-request", { token, password: "short" });
    expect(weak.status).toBe(400);
    const done = await post("/verify-request", { token, password: "new-password-9" });
    expect(done.response!.headers.get("Location")).toBe("/login");
    const reused = await post("/verify-request", { token, password: "another-pass-9" });
    expect(reused.reply!.result.error?.[""]).toEqual(["auth:errors.link_invalid"]);

    expect((await post("/login", { intent: "signin", email: user.email, password: user.password })).status).toBe(401);
    expect((await post("/login", { intent: "signin", email: user.email, password: "new-password-9" })).status).toBe(302);
    const stale = await catchResponse(
      callWithSession(async () => null, { url: "/cabinet", cookie: otherSession, middleware: [authMiddleware] }),
    );
    expect(stale.status).toBe(302);
    expect((await findUserByEmail(user.email))!.email_verified_at).not.toBeNull();
  });

  it("answers an unknown email exactly like a known one, mailing nobody", async () => {
    // Mail queued by the tests before (a reset's security mail) goes out first.
    await runQueuedJobs();
    const mails = readOutbox().length;
    const { response } = await post("/us/login", { intent: "forgot", email: "ghost@example.test" });
    expect(response!.headers.get("Location")).toBe("/us/verify-request?sent=reset");
    await runQueuedJobs();
    expect(readOutbox().length).toBe(mails);
  });
});

describe("cabinet", () => {
  it("requires a signed-in user, keeping the locale and the query", async () => {
    const response = await catchResponse(callWithSession(cabinet.loader, { url: "/us/cabinet?x=1", middleware: [authMiddleware] }));
    expect(response.headers.get("Location")).toBe("/us/login?redirect=%2Fus%2Fcabinet%3Fx%3D1");
    const action = await catchResponse(
      callWithSession(cabinet.action, { url: "/cabinet", form: { intent: "profile", name: "x", preferredLocale: "ua" } }),
    );
    expect(action.headers.get("Location")).toBe("/login?redirect=%2Fcabinet");
  });

  it("saves name, phone and preferred language", async () => {
    const user = await makeUser();
    const cookie = await sessionCookieFor(user.id);
    const bad = await post("/cabinet", { intent: "profile", name: "Ivan", phone: "call me", preferredLocale: "fr" }, { cookie });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.reply!.result.error ?? {}).sort()).toEqual(["phone", "preferredLocale"]);
    const ok = await post("/cabinet", { intent: "profile", name: "Ivan", phone: "+48 600 123 456", preferredLocale: "us" }, { cookie });
    expect(ok.response!.headers.get("Location")).toBe("/cabinet");
    const { result } = await callWithSession(cabinet.loader, { url: "/cabinet", cookie });
    expect(result.profile).toMatchObject({ name: "Ivan", phone: "+48 600 123 456", preferredLocale: "us" });
  });

  it("changing the password ends the user's other sessions, not this one", async () => {
    const user = await makeUser();
    const here = await sessionCookieFor(user.id);
    const elsewhere = await sessionCookieFor(user.id);
    const wrong = await post(
      "/cabinet",
      { intent: "password", currentPassword: "nope-nope-1", newPassword: "brand-new-pass-1" },
      { cookie: here },
    );
    expect(wrong.reply!.result.error?.currentPassword).toEqual(["auth:errors.current_password_wrong"]);
    const ok = await post(
      "/cabinet",
      { intent: "password", currentPassword: user.password, newPassword: "brand-new-pass-1" },
      { cookie: here },
    );
    expect(ok.status).toBe(302);
    const token = async (cookie: string) => (await readSessionToken(buildRequest({ cookie }))).token!;
    expect(await findSession(await token(here))).not.toBeNull();
    expect(await findSession(await token(elsewhere))).toBeNull();
  });

  it("sends a new verification link to an unverified user", async () => {
    const user = await makeUser({ verified: false, email: `unverified-${Date.now()}@example.test` });
    const cookie = await sessionCookieFor(user.id);
    const { response } = await post("/cabinet", { intent: "resend" }, { cookie });
    expect(response!.status).toBe(302);
    expect((await lastMailTo(user.email))!.link).toMatch(/\/verify-request\?token=/);
  });
});

describe("delete account", () => {
  async function advertWithImage(ownerId: number) {
    const category = await t.db
      .insertInto("categories")
      .values({ kind: "advertisement", slug: `cat-${ownerId}-${Date.now()}`, name_uk: "Різне" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const advert = await t.db
      .insertInto("advertisements")
      .values({
        slug: `ad-${ownerId}-${Date.now()}`,
        owner_id: ownerId,
        category_id: category.id,
        title: "Продам велосипед",
        description: "Майже новий велосипед, мало їздив.",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#888" } })
      .png()
      .toBuffer();
    const image = await storeImage(t.db, png, { uploadsDir: getConfig().paths.uploads, ownerId });
    await t.db.insertInto("advertisement_images").values({ advertisement_id: advert.id, image_id: image.id }).execute();
    return { advertId: advert.id, image };
  }

  it("tells visitors how deletion works and where to sign in", async () => {
    const { result } = await callWithSession(deleteAccountRoute.loader, { url: "/us/delete-account" });
    expect(result.email).toBeNull();
    expect(result.loginPath).toBe("/us/login?redirect=%2Fus%2Fdelete-account");
  });

  it("needs the password, then removes account, sessions, adverts and images at once and signs out", async () => {
    const user = await makeUser();
    const cookie = await sessionCookieFor(user.id);
    const { advertId, image } = await advertWithImage(user.id);
    const file = path.join(getConfig().paths.uploads, "images", image.key);
    expect(readdirSync(path.dirname(file)).some((name) => name.startsWith(path.basename(file)))).toBe(true);

    const wrong = await post("/delete-account", { password: "wrong-pass-1", confirm: "yes" }, { cookie });
    expect(wrong.status).toBe(401);
    const unconfirmed = await post("/delete-account", { password: user.password }, { cookie });
    expect(unconfirmed.reply!.result.error?.confirm).toEqual(["auth:errors.confirm_required"]);

    const { response } = await post("/us/delete-account", { password: user.password, confirm: "yes" }, { cookie });
    expect(response!.headers.get("Location")).toBe("/us");
    const cookies = response!.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("__session=;"))).toBe(true);
    expect(cookies.some((c) => c.startsWith("__flash="))).toBe(true);
    expect(await t.db.selectFrom("users").select("id").where("id", "=", user.id).execute()).toEqual([]);
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    expect(await t.db.selectFrom("advertisements").select("id").where("id", "=", advertId).execute()).toEqual([]);
    expect(await t.db.selectFrom("images").select("id").where("id", "=", image.id).execute()).toEqual([]);
    expect(
      existsSync(path.dirname(file)) ? readdirSync(path.dirname(file)).filter((name) => name.startsWith(path.basename(file))) : [],
    ).toEqual([]);
  });

  it("refuses to delete the last administrator", async () => {
    await t.db.updateTable("users").set({ role: "user" }).where("role", "=", "admin").execute();
    const admin = await makeUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    const { status, reply } = await post("/delete-account", { password: admin.password, confirm: "yes" }, { cookie });
    expect(status).toBe(409);
    expect(reply!.result.error?.[""]).toEqual(["auth:errors.last_admin"]);
  });
});

describe("auth API", () => {
  it("GET /session tells who is signed in", async () => {
    const anonymous = await callWithSession(apiAuth.loader, { url: "/api/auth/session", params: { "*": "session" } });
    expect(await (anonymous.result as Response).json()).toEqual({});
    const user = await makeUser({ role: "editor" });
    const cookie = await sessionCookieFor(user.id);
    const signedIn = await callWithSession(apiAuth.loader, { url: "/api/auth/session", params: { "*": "session" }, cookie });
    const body = await (signedIn.result as Response).json();
    expect(body.user).toMatchObject({ id: user.id, role: "editor", email: user.email });
    expect(body.csrfToken).toEqual(expect.any(String));
  });

  it("POST /signout without a CSRF token is refused with 400 and its fixed message", async () => {
    const user = await makeUser();
    const cookie = await sessionCookieFor(user.id);
    const { result } = await callWithSession(apiAuth.action, {
      url: "/api/auth/signout",
      params: { "*": "signout" },
      cookie,
      form: { callbackUrl: "/" },
    });
    const response = result as Response;
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("Could not fetch CSRF Token for signing out");
  });

  it("POST /signout with the token ends the session and goes to a same-site callbackUrl", async () => {
    const user = await makeUser();
    const cookie = await sessionCookieFor(user.id);
    const session = await callWithSession(apiAuth.loader, { url: "/api/auth/session", params: { "*": "session" }, cookie });
    const { csrfToken } = await (session.result as Response).json();
    const out = await callWithSession(apiAuth.action, {
      url: "/api/auth/signout",
      params: { "*": "signout" },
      cookie,
      form: { csrfToken, callbackUrl: "https://evil.example/" },
    });
    const response = out.result as Response;
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("__session=;"))).toBe(true);
    const { token } = await readSessionToken(buildRequest({ cookie }));
    expect(await findSession(token!)).toBeNull();
  });

  it("POST /signin/credentials needs the CSRF token from GET /csrf", async () => {
    const user = await makeUser();
    const csrf = await callWithSession(apiAuth.loader, { url: "/api/auth/csrf", params: { "*": "csrf" } });
    const csrfResponse = csrf.result as Response;
    const { csrfToken } = await csrfResponse.json();
    const csrfCookie = cookieHeader(...csrfResponse.headers.getSetCookie());
    const form = { email: user.email, password: user.password, callbackUrl: "/cabinet", json: "true" };
    const without = await callWithSession(apiAuth.action, {
      url: "/api/auth/signin/credentials",
      params: { "*": "signin/credentials" },
      form,
    });
    expect((without.result as Response).status).toBe(400);
    const signed = await callWithSession(apiAuth.action, {
      url: "/api/auth/callback/credentials",
      params: { "*": "callback/credentials" },
      form: { ...form, csrfToken },
      cookie: csrfCookie,
    });
    const response = signed.result as Response;
    expect(await response.json()).toEqual({ url: "/cabinet" });
    expect(response.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(true);
  });
});
