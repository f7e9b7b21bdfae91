// Account recovery against a stolen session: adding a passkey (and turning two-factor on)
// needs a recent sign-in or password, and "this wasn't me" and a password reset remove the
// passkeys added since the owner last signed in by password or code, naming them in the mail.
import { beforeAll, describe, expect, it } from "vitest";
import * as cabinetSecurity from "#app/routes/cabinet-security/route.tsx";
import * as cabinetPasskey from "#app/routes/cabinet-security-passkey/route.ts";
import * as login from "#app/routes/login/route.tsx";
import * as loginPasskey from "#app/routes/login-passkey/route.ts";
import * as notMe from "#app/routes/not-me/route.tsx";
import * as verifyRequest from "#app/routes/verify-request/route.tsx";
import { authMiddleware } from "#app/modules/auth/guards.server.ts";
import { runQueuedJobs } from "#app/jobs.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { callWithSession, makeUser, readOutbox, useAccountConfig } from "../support/auth.ts";
import { cookieHeader, unwrapData } from "../support/route.ts";
import { SoftPasskey } from "../support/soft-passkey.ts";

const t = useTestDatabase();
const ORIGIN = "https://portal.example";
const MINUTE = 60 * 1000;
beforeAll(() => {
  useAccountConfig({ PUBLIC_URL: ORIGIN });
});

type Outcome = { status: number; response?: Response; data?: any };

async function call(fn: (args: any) => unknown, options: Parameters<typeof callWithSession>[1]): Promise<Outcome> {
  try {
    const { result } = await callWithSession(fn, options);
    if (result instanceof Response) return { status: result.status, response: result };
    const { data, status } = unwrapData(result);
    return { status, data };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, response: error };
    throw error;
  }
}

const postJson = (fn: (args: any) => unknown, url: string, json: unknown, cookie?: string) =>
  call(fn, { url, json, cookie, middleware: cookie ? [authMiddleware] : [] });
const body = async (outcome: Outcome) => (await outcome.response!.json()) as Record<string, any>;
const security = (cookie: string, form: Record<string, string>) =>
  call(cabinetSecurity.action, { url: "/cabinet/security", cookie, form, middleware: [authMiddleware] });

/** The owner signs in with the password on the form: the cookie a thief would steal. */
async function signInWithPassword(user: { email: string; password: string }): Promise<string> {
  const outcome = await call(login.action, { url: "/login", form: { intent: "signin", email: user.email, password: user.password } });
  expect(outcome.status).toBe(302);
  const cookie = outcome
    .response!.headers.getSetCookie()
    .find((value) => value.startsWith("__session=") && !value.startsWith("__session=;"));
  expect(cookie).toBeDefined();
  return cookieHeader(cookie);
}

/** Moves the user's sign-ins and sessions `minutes` into the past (a session stolen later). */
async function ageSignIns(userId: number, minutes: number) {
  const then = new Date(Date.now() - minutes * MINUTE);
  await t.db.updateTable("sessions").set({ created_at: then, reauthenticated_at: then }).where("user_id", "=", userId).execute();
  await t.db
    .updateTable("users")
    .set({ last_password_sign_in_at: then })
    .where("id", "=", userId)
    .where("last_password_sign_in_at", "is not", null)
    .execute();
}

async function addPasskey(cookie: string, name: string) {
  const passkey = new SoftPasskey("portal.example", ORIGIN);
  const options = await postJson(cabinetPasskey.action, "/cabinet/security/passkey", { step: "options" }, cookie);
  if (options.status !== 200) return { passkey, status: options.status, answer: await body(options) };
  const stored = await postJson(
    cabinetPasskey.action,
    "/cabinet/security/passkey",
    { step: "verify", name, response: passkey.register((await body(options)).challenge) },
    cookie,
  );
  return { passkey, status: stored.status, answer: await body(stored) };
}

/** The owner's own passkey, added in a session of their own and dated `minutes` back (before any theft). */
async function ownPasskey(owner: { id: number; email: string; password: string }, name: string, minutes: number) {
  const own = await addPasskey(await signInWithPassword(owner), name);
  expect(own.status).toBe(200);
  await t.db
    .updateTable("user_passkeys")
    .set({ created_at: new Date(Date.now() - minutes * MINUTE) })
    .where("user_id", "=", owner.id)
    .execute();
  return own;
}

/** The thief, with a cookie from a fresh password sign-in and no password, adds a passkey. */
async function thiefAddsPasskey(owner: { email: string; password: string }, name: string) {
  const thief = await addPasskey(await signInWithPassword(owner), name);
  expect(thief.status).toBe(200);
  return thief;
}

/** The token a mail's link carries. */
const linkToken = (mail: { link: string | null } | undefined) => new URL(mail!.link!).searchParams.get("token")!;

async function passkeySignInStatus(passkey: SoftPasskey): Promise<number> {
  const options = await body(await postJson(loginPasskey.action, "/login/passkey", { step: "options" }));
  return (await postJson(loginPasskey.action, "/login/passkey", { step: "verify", response: passkey.authenticate(options.challenge) }))
    .status;
}

async function mailsTo(email: string) {
  await runQueuedJobs();
  return readOutbox().filter((mail) => mail.to.includes(email));
}

/** An account reading its mail in English (quoted-printable, so the outbox text is searchable). */
async function makeOwner(options: { email?: string } = {}) {
  const user = await makeUser(options);
  await t.db.updateTable("users").set({ preferred_locale: "us" }).where("id", "=", user.id).execute();
  return user;
}

const passkeyNames = async (userId: number) =>
  (await t.db.selectFrom("user_passkeys").select("name").where("user_id", "=", userId).orderBy("name").execute()).map((row) => row.name);
const sessionCount = async (userId: number) =>
  (await t.db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).length;

describe("a stolen session adding a passkey", () => {
  it("is refused with 403 and a reason once the sign-in is older than the re-authentication window", async () => {
    const owner = await makeOwner();
    const stolen = await signInWithPassword(owner);
    await ageSignIns(owner.id, 11);

    const attempt = await addPasskey(stolen, "Thief key");
    expect(attempt.status).toBe(403);
    expect(attempt.answer).toEqual({ error: "reauthenticate" });
    expect(await passkeyNames(owner.id)).toEqual([]);

    // The security page offers the password form instead of the add button.
    const page = await call(cabinetSecurity.loader, { url: "/cabinet/security", cookie: stolen, middleware: [authMiddleware] });
    expect(page.data.reauthentication).toMatchObject({ recent: false });

    const wrong = await security(stolen, { intent: "reauthenticate", password: "not-the-password-1" });
    expect(wrong.status).toBe(400);
    expect(wrong.data.result.error.password).toEqual(["security:errors.password_wrong"]);
    expect((await addPasskey(stolen, "Thief key")).status).toBe(403);

    const right = await security(stolen, { intent: "reauthenticate", password: owner.password });
    expect(right.status).toBe(303);
    expect((await addPasskey(stolen, "Owner key")).status).toBe(200);
    expect(await passkeyNames(owner.id)).toEqual(["Owner key"]);
  });

  it("turning two-factor on needs a recent sign-in too", async () => {
    const owner = await makeOwner();
    const stolen = await signInWithPassword(owner);
    await ageSignIns(owner.id, 11);
    const start = await security(stolen, { intent: "totp-start" });
    expect(start.status).toBe(403);
    expect(start.data.result.error.password).toEqual(["security:errors.reauthenticate"]);
    expect(await t.db.selectFrom("user_totp").select("user_id").where("user_id", "=", owner.id).execute()).toEqual([]);
  });
});

describe("recovery removes a thief's passkey", () => {
  it('stolen session → passkey without password → "this wasn\'t me" → reset: the passkey is gone and signs nobody in', async () => {
    const owner = await makeOwner();
    // The owner's own passkey, from before the sign-in whose cookie is stolen, stays.
    const own = await ownPasskey(owner, "Owner laptop", 40);
    await ageSignIns(owner.id, 30);
    await mailsTo(owner.email);

    const thief = await thiefAddsPasskey(owner, "Thief key");
    expect(await passkeySignInStatus(thief.passkey)).toBe(200);

    const added = (await mailsTo(owner.email)).findLast((mail) => /passkey/i.test(mail.subject));
    expect(added).toBeDefined();
    const secured = await call(notMe.action, { url: "/us/not-me", form: { token: linkToken(added) } });
    expect(secured.status).toBe(303);

    expect(await passkeyNames(owner.id)).toEqual(["Owner laptop"]);
    expect(await sessionCount(owner.id)).toBe(0);
    expect(await passkeySignInStatus(thief.passkey)).toBe(400);
    expect(await passkeySignInStatus(own.passkey)).toBe(200);

    const mails = await mailsTo(owner.email);
    const removedMail = mails.find((mail) => mail.text.includes("Thief key"));
    expect(removedMail).toBeDefined();
    expect(removedMail!.text).not.toContain("Owner laptop");
    const reset = mails.findLast((mail) => mail.link?.includes("/verify-request?token="));
    expect(reset).toBeDefined();

    const done = await call(verifyRequest.action, {
      url: "/verify-request",
      form: { token: linkToken(reset), password: "Brand-new-pass-42" },
    });
    expect(done.status).toBe(302);
    expect(await passkeyNames(owner.id)).toEqual(["Owner laptop"]);
    expect(await passkeySignInStatus(thief.passkey)).toBe(400);
  });

  it("the passkey-added mail's link removes the thief's passkey even after the owner signed in with the password again", async () => {
    const owner = await makeOwner();
    await ownPasskey(owner, "Owner phone", 60);
    await mailsTo(owner.email);

    const thief = await thiefAddsPasskey(owner, "Thief key");
    const added = (await mailsTo(owner.email)).findLast((mail) => /passkey was added/i.test(mail.subject));
    // The owner signs in as usual before reading the mail: a later password sign-in.
    await signInWithPassword(owner);

    expect((await call(notMe.action, { url: "/us/not-me", form: { token: linkToken(added) } })).status).toBe(303);
    expect(await passkeyNames(owner.id)).toEqual(["Owner phone"]);
    expect(await passkeySignInStatus(thief.passkey)).toBe(400);
  });

  it("a password reset alone removes a passkey added since the last password sign-in, and its mail names it", async () => {
    const owner = await makeOwner();
    const thief = await thiefAddsPasskey(owner, "Sneaky phone");
    await mailsTo(owner.email);

    await call(login.action, { url: "/login", form: { intent: "forgot", email: owner.email } });
    const reset = (await mailsTo(owner.email)).findLast((mail) => mail.link?.includes("/verify-request?token="));
    const done = await call(verifyRequest.action, {
      url: "/verify-request",
      form: { token: linkToken(reset), password: "Brand-new-pass-42" },
    });
    expect(done.status).toBe(302);

    expect(await passkeyNames(owner.id)).toEqual([]);
    expect(await sessionCount(owner.id)).toBe(0);
    expect(await passkeySignInStatus(thief.passkey)).toBe(400);
    const changed = (await mailsTo(owner.email)).at(-1)!;
    expect(changed.text).toContain("Sneaky phone");
  });

  it("with no password sign-in on record, every passkey goes and the mail says it could not tell them apart", async () => {
    const owner = await makeOwner({ email: "never-password@example.test" });
    const stolen = await signInWithPassword(owner);
    expect((await addPasskey(stolen, "Key one")).status).toBe(200);
    expect((await addPasskey(stolen, "Key two")).status).toBe(200);
    await t.db.updateTable("users").set({ last_password_sign_in_at: null }).where("id", "=", owner.id).execute();
    await mailsTo(owner.email);

    const added = (await mailsTo(owner.email)).findLast((mail) => /passkey/i.test(mail.subject));
    expect((await call(notMe.action, { url: "/us/not-me", form: { token: linkToken(added) } })).status).toBe(303);
    expect(await passkeyNames(owner.id)).toEqual([]);
    const mail = (await mailsTo(owner.email)).find((each) => each.text.includes("Key one"));
    expect(mail).toBeDefined();
    expect(mail!.text).toContain("Key two");
    expect(mail!.text).toMatch(/could not tell/i);
  });
});
