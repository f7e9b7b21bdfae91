// Changing an account's email address: the cabinet's request (password, limits, messages), the
// link mailed to the new address, its page, the "email changed" mail to the old address and its
// "this wasn't me". Mail goes to the outbox of the test's DATA_DIR.
import { generate } from "otplib";
import { beforeAll, describe, expect, it } from "vitest";
import * as cabinet from "#app/routes/cabinet/route.tsx";
import * as changeEmail from "#app/routes/change-email/route.tsx";
import * as notMe from "#app/routes/not-me/route.tsx";
import { runQueuedJobs } from "#app/jobs.server.ts";
import { confirmEmailChange, pendingEmailChange, requestEmailChange } from "#app/modules/auth/email-change.server.ts";
import { hashToken } from "#app/modules/auth/secrets.server.ts";
import { beginTotpEnrolment, confirmTotp, totpEnrolment } from "#app/modules/auth/totp.server.ts";
import { findUserById } from "#app/modules/auth/users.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { callWithSession, makeUser, sessionCookieFor, useAccountConfig, mailsTo, tokenOf } from "../support/auth.ts";
import { unwrapData } from "../support/route.ts";

const t = useTestDatabase();
const ORIGIN = "https://portal.example";
const DAY = 24 * 60 * 60 * 1000;

beforeAll(() => {
  useAccountConfig({ PUBLIC_URL: ORIGIN });
});

let counter = 0;
const fresh = (name: string) => `${name}-${++counter}-${Date.now()}@example.test`;

/** Asks for the change from the cabinet, as the signed-in owner. */
async function ask(cookie: string, form: Record<string, string>) {
  const { result } = await callWithSession(cabinet.action, { url: "/cabinet", cookie, form: { intent: "email-change", ...form } });
  return result;
}

function errorsOf(answer: { data: unknown }): Record<string, string[]> {
  return (answer.data as { result: { error: Record<string, string[]> } }).result.error;
}

/** The newest link mailed to `email`, after the queue ran. */
async function linkTo(email: string): Promise<string> {
  await runQueuedJobs();
  const mail = mailsTo(email).at(-1);
  expect(mail, `a mail to ${email}`).toBeTruthy();
  return tokenOf(mail!.link);
}

describe("asking for an email change", () => {
  it("mails a link to the new address; the account keeps its address until it is opened", async () => {
    const user = await makeUser();
    const cookie = await sessionCookieFor(user.id);
    const next = fresh("next");
    const answer = (await ask(cookie, { newEmail: next.toUpperCase(), currentPassword: user.password })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/cabinet");
    expect((await findUserById(user.id))!.email).toBe(user.email);
    expect((await pendingEmailChange(user.id))?.email).toBe(next);
    const token = await linkTo(next);
    const mail = mailsTo(next).at(-1)!;
    expect(mail.subject).toMatch(/^Підтвердіть нову адресу/);
    expect(mail.link).toMatch(/^https:\/\/portal\.example\/change-email\?token=/);
    const page = unwrapData((await callWithSession(changeEmail.loader, { url: `/change-email?token=${token}` })).result);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ token, email: next });
    // Opening the link changes nothing.
    expect((await findUserById(user.id))!.email).toBe(user.email);
    const { result: loaded } = await callWithSession(cabinet.loader, { url: "/cabinet", cookie });
    expect(loaded.pendingEmail).toEqual({ email: next, hours: 24 });
  });

  it("refuses a wrong password, the current address, a taken one and a malformed one at the field, with 400", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const cookie = await sessionCookieFor(user.id);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ newEmail: fresh("pw"), currentPassword: "wrong-password" }, "currentPassword", "cabinet:email_change.errors.password_wrong"],
      [{ newEmail: ` ${user.email.toUpperCase()} `, currentPassword: user.password }, "newEmail", "cabinet:email_change.errors.same"],
      [{ newEmail: other.email, currentPassword: user.password }, "newEmail", "cabinet:email_change.errors.taken"],
      [{ newEmail: "not-an-address", currentPassword: user.password }, "newEmail", "auth:errors.email_invalid"],
    ];
    for (const [form, field, message] of cases) {
      const answer = unwrapData(await ask(cookie, form));
      expect(answer.status, message).toBe(400);
      const result = (answer.data as { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }).result;
      expect(result.error[field]).toEqual([message]);
      // The typed address stays; the password is never sent back.
      expect(result.initialValue.newEmail).toBe(form.newEmail);
      expect(result.initialValue.currentPassword).toBeUndefined();
    }
    expect(await pendingEmailChange(user.id)).toBeNull();
  });

  it("takes an authenticator code instead of the password on an account with two-factor on, and only there", async () => {
    const user = await makeUser();
    const cookie = await sessionCookieFor(user.id);
    const withoutApp = unwrapData(await ask(cookie, { newEmail: fresh("nocode"), code: "123456" }));
    expect(withoutApp.status).toBe(400);
    expect(errorsOf(withoutApp).currentPassword).toEqual(["cabinet:email_change.errors.proof_required"]);

    await beginTotpEnrolment(user.id);
    const { secret } = (await totpEnrolment({ id: user.id, email: user.email }))!;
    const now = Math.floor(Date.now() / 1000);
    expect(await confirmTotp(user.id, await generate({ secret, epoch: now - 30 }))).not.toBeNull();
    const { result: page } = await callWithSession(cabinet.loader, { url: "/cabinet", cookie });
    expect(page.twoFactor).toBe(true);

    const wrong = unwrapData(await ask(cookie, { newEmail: fresh("badcode"), code: "000000" }));
    expect(wrong.status).toBe(400);
    expect(errorsOf(wrong).code).toEqual(["security:errors.code_wrong"]);
    const neither = unwrapData(await ask(cookie, { newEmail: fresh("none") }));
    expect(errorsOf(neither).currentPassword).toEqual(["cabinet:email_change.errors.proof_required"]);

    const next = fresh("code");
    const answer = (await ask(cookie, { newEmail: next, code: await generate({ secret, epoch: now }) })) as Response;
    expect(answer.status).toBe(302);
    expect((await pendingEmailChange(user.id))?.email).toBe(next);
  });

  it("allows five requests an hour per account, then answers 429 with Retry-After", async () => {
    const user = await makeUser();
    const cookie = await sessionCookieFor(user.id);
    for (let i = 0; i < 5; i++) {
      expect((await ask(cookie, { newEmail: fresh("limit"), currentPassword: user.password })) as Response).toHaveProperty("status", 302);
    }
    const over = unwrapData(await ask(cookie, { newEmail: fresh("limit"), currentPassword: user.password }));
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("a new request replaces the pending one, whose link then stops working; cancel drops it", async () => {
    const user = await makeUser();
    const first = fresh("first");
    const second = fresh("second");
    await requestEmailChange(user.id, first, ORIGIN);
    const firstToken = await linkTo(first);
    await requestEmailChange(user.id, second, ORIGIN);
    const secondToken = await linkTo(second);
    expect((await confirmEmailChange(firstToken)).status).toBe("invalid");
    expect((await pendingEmailChange(user.id))?.email).toBe(second);

    const cookie = await sessionCookieFor(user.id);
    const { result } = await callWithSession(cabinet.action, { url: "/cabinet", cookie, form: { intent: "email-change-cancel" } });
    expect((result as Response).status).toBe(302);
    expect(await pendingEmailChange(user.id)).toBeNull();
    expect((await confirmEmailChange(secondToken)).status).toBe("invalid");
    expect((await findUserById(user.id))!.email).toBe(user.email);
  });
});

describe("confirming an email change", () => {
  it("switches the address (verified), keeps the sessions, audits, and mails the old address", async () => {
    const user = await makeUser({ verified: false });
    await t.db.updateTable("users").set({ preferred_locale: "us" }).where("id", "=", user.id).execute();
    const cookie = await sessionCookieFor(user.id);
    const sessionsBefore = await t.db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute();
    const next = fresh("moved");
    await requestEmailChange(user.id, next, ORIGIN);
    const token = await linkTo(next);
    expect(mailsTo(next).at(-1)!.subject).toMatch(/^Confirm your new email address/);
    expect(mailsTo(next).at(-1)!.link).toMatch(/^https:\/\/portal\.example\/us\/change-email\?token=/);

    const { result } = await callWithSession(changeEmail.action, { url: "/us/change-email", form: { token } });
    expect((result as Response).status).toBe(302);
    expect((result as Response).headers.get("Location")).toBe("/us/cabinet");
    const after = (await findUserById(user.id))!;
    expect(after.email).toBe(next);
    expect(after.email_verified_at).not.toBeNull();
    expect(after.pending_email).toBeNull();
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toEqual(sessionsBefore);
    const { result: loaded } = await callWithSession(cabinet.loader, { url: "/us/cabinet", cookie });
    expect(loaded.profile.email).toBe(next);
    expect(loaded.pendingEmail).toBeNull();

    const audit = await t.db
      .selectFrom("audit_log")
      .select(["actor_id", "action", "before", "after"])
      .where("entity_type", "=", "user")
      .where("entity_id", "=", user.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: user.id, action: "update" });
    expect(JSON.stringify(audit[0]!.after)).toContain(next);

    await runQueuedJobs();
    const notice = mailsTo(user.email).at(-1)!;
    expect(notice.subject).toMatch(/^Your email address was changed/);
    expect(notice.link).toMatch(/^https:\/\/portal\.example\/us\/not-me\?token=/);
    expect(mailsTo(next).filter((mail) => /was changed/.test(mail.subject))).toHaveLength(0);

    // The link is spent: its page and a second post say it does not work, as a 400.
    const again = await callWithSession(changeEmail.action, { url: "/us/change-email", form: { token } });
    expect(unwrapData(again.result)).toMatchObject({ status: 400, data: { outcome: "invalid" } });
    expect(unwrapData((await callWithSession(changeEmail.loader, { url: `/us/change-email?token=${token}` })).result).status).toBe(400);
  });

  it("changes nothing when another account took the address meanwhile; the link still works once it is free", async () => {
    const user = await makeUser();
    const next = fresh("contested");
    await requestEmailChange(user.id, next, ORIGIN);
    const token = await linkTo(next);
    const squatter = await makeUser({ email: next });
    const { result } = await callWithSession(changeEmail.action, { url: "/change-email", form: { token } });
    expect(unwrapData(result)).toMatchObject({ status: 409, data: { outcome: "taken", email: next } });
    expect((await findUserById(user.id))!.email).toBe(user.email);
    expect((await pendingEmailChange(user.id))?.email).toBe(next);

    await t.db.deleteFrom("users").where("id", "=", squatter.id).execute();
    expect(await confirmEmailChange(token)).toMatchObject({ status: "changed", newEmail: next });
  });

  it('an expired, forged or malformed link gets the localized "does not work" page, a 400', async () => {
    const user = await makeUser();
    const next = fresh("late");
    await requestEmailChange(user.id, next, ORIGIN);
    const token = await linkTo(next);
    await t.db
      .updateTable("auth_tokens")
      .set({ expires_at: new Date(Date.now() - 1000), created_at: new Date(Date.now() - DAY - 1000) })
      .where("token_hash", "=", hashToken(token))
      .execute();
    for (const bad of [token, "A".repeat(43), "%00", ""]) {
      const page = unwrapData((await callWithSession(changeEmail.loader, { url: `/change-email?token=${bad}` })).result);
      expect(page).toMatchObject({ status: 400, data: { token: null } });
      const post = unwrapData((await callWithSession(changeEmail.action, { url: "/change-email", form: { token: bad } })).result);
      expect(post).toMatchObject({ status: 400, data: { outcome: "invalid" } });
    }
    expect((await findUserById(user.id))!.email).toBe(user.email);
  });

  it('"this wasn\'t me" from the old address gives it back, signs out everywhere and mails the reset there', async () => {
    const user = await makeUser();
    await sessionCookieFor(user.id);
    const next = fresh("thief");
    await requestEmailChange(user.id, next, ORIGIN);
    expect((await confirmEmailChange(await linkTo(next))).status).toBe("changed");
    await runQueuedJobs();
    const notMeToken = tokenOf(mailsTo(user.email).at(-1)!.link);

    const { result } = await callWithSession(notMe.action, { url: "/not-me", form: { token: notMeToken } });
    expect((result as Response).headers.get("Location")).toBe("/verify-request?sent=reset");
    const after = (await findUserById(user.id))!;
    expect(after.email).toBe(user.email);
    expect(after.email_verified_at).not.toBeNull();
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toHaveLength(0);
    await runQueuedJobs();
    expect(mailsTo(user.email).at(-1)!.subject).toMatch(/пароль/i);
    expect(mailsTo(next).filter((mail) => /пароль/i.test(mail.subject))).toHaveLength(0);
  });
});
