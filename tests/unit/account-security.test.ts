// Account security: the mailed sign-in link, the sessions a user sees and ends, the personal
// data export and the security mails. Mail goes to the outbox of the test's DATA_DIR.
import { readdirSync } from "node:fs";
import path from "node:path";
import { unzipSync, strFromU8 } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import * as login from "#app/routes/login/route.tsx";
import * as loginLink from "#app/routes/login-link/route.tsx";
import * as notMe from "#app/routes/not-me/route.tsx";
import * as security from "#app/routes/cabinet-security/route.tsx";
import * as cabinet from "#app/routes/cabinet/route.tsx";
import * as exportPage from "#app/routes/cabinet-export-file/route.ts";
import * as exportDownload from "#app/routes/cabinet-export-download/route.ts";
import { deviceKey, parseDevice } from "#app/modules/auth/devices.server.ts";
import { hashToken } from "#app/modules/auth/secrets.server.ts";
import { createSession, commitSessionCookie } from "#app/modules/auth/session.server.ts";
import { issueToken } from "#app/modules/auth/tokens.server.ts";
import { INSTANT_EXPORT_MAX_PHOTOS, removeStaleExports } from "#app/modules/account-export/export.server.ts";
import { getConfig } from "#app/platform/config/config.server.ts";
import { imageObjectName } from "#app/platform/images/process.server.ts";
import { resolveImageStore } from "#app/platform/images/storage.server.ts";
import { runQueuedJobs } from "#app/jobs.server.ts";
import { reply, sendAboutAdvert } from "#app/modules/messages/conversations.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { callWithSession, makeUser, useAccountConfig, mailsTo, tokenOf } from "../support/auth.ts";
import { catchResponse, cookieHeader, unwrapData } from "../support/route.ts";
import { liveForDays } from "../support/adverts.ts";

const t = useTestDatabase();
const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const HOUR = 60 * 60 * 1000;

beforeAll(() => {
  useAccountConfig({ PUBLIC_URL: "https://portal.example" });
});

async function sessionFor(userId: number, userAgent: string) {
  const { token, id } = await createSession(userId, userAgent);
  return { id, token, cookie: cookieHeader(await commitSessionCookie(token)) };
}

async function askForLink(email: string, ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`) {
  const { result } = await callWithSession(login.action, { url: "/login", ip, form: { intent: "link", email } });
  return result as Response;
}

describe("sign-in link", () => {
  it("answers a known and an unknown address alike and mails only the known one, in its language", async () => {
    const user = await makeUser({ email: "link-known@example.test" });
    await t.db.updateTable("users").set({ preferred_locale: "us" }).where("id", "=", user.id).execute();
    const known = await askForLink(user.email);
    const unknown = await askForLink("link-nobody@example.test");
    expect(known.status).toBe(302);
    expect(known.headers.get("Location")).toBe("/verify-request?sent=link");
    expect(unknown.headers.get("Location")).toBe(known.headers.get("Location"));
    expect(mailsTo(user.email)).toHaveLength(0);
    await runQueuedJobs();
    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/Your sign-in link/);
    expect(mails[0]!.link).toMatch(/^https:\/\/portal\.example\/us\/login\/link\?token=/);
    expect(mailsTo("link-nobody@example.test")).toHaveLength(0);
  });

  it("opening the link only shows a button; the post signs in once, and the link is then spent", async () => {
    const user = await makeUser();
    await askForLink(user.email);
    await runQueuedJobs();
    const token = tokenOf(mailsTo(user.email).at(-1)!.link);

    // A mail scanner's GET, twice: nothing is spent.
    for (let i = 0; i < 2; i++) {
      const { result } = await callWithSession(loginLink.loader, { url: `/login/link?token=${token}` });
      expect(result.token).toBe(token);
    }
    const { result, setCookies } = await callWithSession(loginLink.action, {
      url: "/login/link",
      form: { token },
      headers: { "user-agent": CHROME_ANDROID },
    });
    const response = result as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cabinet");
    expect(setCookies.join("\n")).toMatch(/__session=/);
    const sessions = await t.db.selectFrom("sessions").select("user_agent").where("user_id", "=", user.id).execute();
    expect(sessions.map((session) => session.user_agent)).toEqual([CHROME_ANDROID]);

    const again = await callWithSession(loginLink.action, { url: "/login/link", form: { token } });
    expect(unwrapData(again.result).status).toBe(400);
    expect(again.setCookies.join("\n")).not.toMatch(/__session=[^;]/);
    const reopened = await callWithSession(loginLink.loader, { url: `/login/link?token=${token}` });
    expect(reopened.result.token).toBeNull();
  });

  it("an expired link does not sign in", async () => {
    const user = await makeUser();
    const token = await issueToken(user.id, "sign_in_link", new Date(Date.now() - 16 * 60 * 1000));
    expect((await callWithSession(loginLink.loader, { url: `/login/link?token=${token}` })).result.token).toBeNull();
    expect(unwrapData((await callWithSession(loginLink.action, { url: "/login/link", form: { token } })).result).status).toBe(400);
  });

  it("signs in the browser that opens it, ending the session that browser had", async () => {
    const owner = await makeUser();
    const other = await makeUser();
    const otherSession = await sessionFor(other.id, FIREFOX_WINDOWS);
    const token = await issueToken(owner.id, "sign_in_link");
    const { result } = await callWithSession(loginLink.action, { url: "/login/link", form: { token }, cookie: otherSession.cookie });
    expect((result as Response).status).toBe(302);
    expect(await t.db.selectFrom("sessions").select("id").where("id", "=", otherSession.id).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", owner.id).execute()).toHaveLength(1);
  });

  it("refuses forged and hostile tokens with 400, never 500", async () => {
    for (const token of ["", "short", "x".repeat(5000), "../../etc/passwd", "' or 1=1 --", "a".repeat(43)]) {
      const { result } = await callWithSession(loginLink.action, { url: "/login/link", form: { token } });
      expect(unwrapData(result).status, token.slice(0, 20)).toBe(400);
      const page = await callWithSession(loginLink.loader, { url: `/login/link?token=${encodeURIComponent(token)}` });
      expect(page.result.token).toBeNull();
    }
  });

  it("is limited like the reset mail: the sixth request an hour for one address is 429", async () => {
    const user = await makeUser();
    for (let i = 0; i < 5; i++) expect((await askForLink(user.email, `203.0.113.${i + 1}`)).status).toBe(302);
    const { result } = await callWithSession(login.action, {
      url: "/login",
      ip: "203.0.113.99",
      form: { intent: "link", email: user.email },
    });
    const limited = unwrapData(result);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});

describe("sessions list", () => {
  it("reads the browser and the system from the user agent, keyed as before for the known-devices list", () => {
    expect(parseDevice(CHROME_ANDROID)).toEqual({ browser: "Chrome", os: "Android" });
    expect(parseDevice(SAFARI_IPHONE)).toEqual({ browser: "Safari", os: "iOS" });
    expect(parseDevice(null)).toBeNull();
    expect(deviceKey(parseDevice(FIREFOX_WINDOWS))).toBe("Firefox on Windows");
    expect(deviceKey(null)).toBe("unknown");
  });

  it("lists the account's sessions with this device first, named by handles that are neither token nor id", async () => {
    const user = await makeUser();
    const phone = await sessionFor(user.id, CHROME_ANDROID);
    const laptop = await sessionFor(user.id, FIREFOX_WINDOWS);
    await sessionFor((await makeUser()).id, SAFARI_IPHONE);
    const { result } = await callWithSession(security.loader, { url: "/cabinet/security", cookie: laptop.cookie });
    expect(result.sessions.map((session) => [session.device, session.current])).toEqual([
      ["Firefox на Windows", true],
      ["Chrome на Android", false],
    ]);
    const page = JSON.stringify(result);
    for (const secret of [phone.token, phone.id, laptop.token, laptop.id]) expect(page).not.toContain(secret);
    expect(result.sessions[0]!.lastUsed.text).toMatch(/\d/);
  });

  it("signs out one session by its handle; another account's handle or a malformed one is 404", async () => {
    const user = await makeUser();
    const stranger = await makeUser();
    const mine = await sessionFor(user.id, FIREFOX_WINDOWS);
    const old = await sessionFor(user.id, CHROME_ANDROID);
    const theirs = await sessionFor(stranger.id, SAFARI_IPHONE);
    const handleOf = async (id: string) =>
      (await t.db.selectFrom("sessions").select("handle").where("id", "=", id).executeTakeFirstOrThrow()).handle;

    const foreign = await catchResponse(
      callWithSession(security.action, {
        url: "/cabinet/security",
        cookie: mine.cookie,
        form: { intent: "session-sign-out", session: await handleOf(theirs.id) },
      }),
    );
    expect(foreign.status).toBe(404);
    expect(await t.db.selectFrom("sessions").select("id").where("id", "=", theirs.id).executeTakeFirst()).toBeDefined();
    for (const session of ["not-a-uuid", theirs.id, "", "x".repeat(99)]) {
      const refused = await catchResponse(
        callWithSession(security.action, { url: "/cabinet/security", cookie: mine.cookie, form: { intent: "session-sign-out", session } }),
      );
      expect(refused.status).toBe(404);
    }
    const unknownIntent = await catchResponse(
      callWithSession(security.action, { url: "/cabinet/security", cookie: mine.cookie, form: { intent: "bogus" } }),
    );
    expect(unknownIntent.status).toBe(400);

    const { result } = await callWithSession(security.action, {
      url: "/cabinet/security",
      cookie: mine.cookie,
      form: { intent: "session-sign-out", session: await handleOf(old.id) },
    });
    expect((result as Response).status).toBe(303);
    const left = await t.db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute();
    expect(left.map((row) => row.id)).toEqual([mine.id]);
  });

  it("signs out every other device, and a password change does too", async () => {
    const user = await makeUser();
    const mine = await sessionFor(user.id, FIREFOX_WINDOWS);
    await sessionFor(user.id, CHROME_ANDROID);
    await sessionFor(user.id, SAFARI_IPHONE);
    await callWithSession(security.action, { url: "/cabinet/security", cookie: mine.cookie, form: { intent: "session-sign-out-others" } });
    expect((await t.db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).map((row) => row.id)).toEqual([
      mine.id,
    ]);

    await sessionFor(user.id, CHROME_ANDROID);
    await callWithSession(cabinet.action, {
      url: "/cabinet",
      cookie: mine.cookie,
      form: { intent: "password", currentPassword: user.password, newPassword: "New-password-42" },
    });
    expect((await t.db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).map((row) => row.id)).toEqual([
      mine.id,
    ]);
  });
});

describe("security mails", () => {
  it('a sign-in from a new device mails the owner in their language, with a working "this wasn\'t me"', async () => {
    const user = await makeUser();
    await t.db.updateTable("users").set({ preferred_locale: "us" }).where("id", "=", user.id).execute();
    await sessionFor(user.id, FIREFOX_WINDOWS);
    await sessionFor(user.id, FIREFOX_WINDOWS);
    await runQueuedJobs();
    expect(mailsTo(user.email)).toHaveLength(0);
    await sessionFor(user.id, CHROME_ANDROID);
    await runQueuedJobs();
    const [mail] = mailsTo(user.email);
    expect(mail!.subject).toMatch(/^New sign-in to your account/);
    expect(mail!.text).toContain("Chrome on Android");

    const token = tokenOf(mail!.link);
    expect((await callWithSession(notMe.loader, { url: `/us/not-me?token=${token}` })).result.token).toBe(token);
    const { result } = await callWithSession(notMe.action, { url: "/us/not-me", form: { token } });
    expect((result as Response).headers.get("Location")).toBe("/us/verify-request?sent=reset");
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toHaveLength(0);
    await runQueuedJobs();
    expect(mailsTo(user.email).at(-1)!.subject).toMatch(/new password/i);
    const reused = await callWithSession(notMe.action, { url: "/us/not-me", form: { token } });
    expect(unwrapData(reused.result).status).toBe(400);
  });

  it("a password change mails the owner in Ukrainian by default", async () => {
    const user = await makeUser();
    const mine = await sessionFor(user.id, FIREFOX_WINDOWS);
    await runQueuedJobs();
    await callWithSession(cabinet.action, {
      url: "/cabinet",
      cookie: mine.cookie,
      form: { intent: "password", currentPassword: user.password, newPassword: "New-password-42" },
    });
    await runQueuedJobs();
    expect(mailsTo(user.email).at(-1)!.subject).toMatch(/^Пароль змінено/);
  });
});

describe("personal data export", () => {
  let categoryId: number;
  let counter = 0;
  beforeAll(async () => {
    const category = await t.db
      .insertInto("categories")
      .values({ kind: "advertisement", slug: "export-things", name_uk: "Речі", name_en: "Things", position: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    categoryId = category.id;
  });

  async function person(name: string) {
    const user = await makeUser({ name, email: `${name.toLowerCase()}-${++counter}@example.test` });
    await t.db
      .updateTable("users")
      .set({ created_at: new Date(Date.now() - 72 * HOUR) })
      .where("id", "=", user.id)
      .execute();
    return { ...user, session: await sessionFor(user.id, FIREFOX_WINDOWS) };
  }

  async function advert(ownerId: number, title: string) {
    return t.db
      .insertInto("advertisements")
      .values({
        slug: `export-${++counter}`,
        owner_id: ownerId,
        category_id: categoryId,
        title,
        description: "Опис оголошення достатньої довжини для перевірки.",
        price_kind: "free",
        contact_name: "Contact",
        email: `contact-${ownerId}@example.test`,
        ...liveForDays(20),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  }

  async function photo(ownerId: number, bytes: Uint8Array) {
    const key = `2026/11/export-${++counter}`;
    await resolveImageStore().put(imageObjectName(key, 800), bytes, "image/webp");
    await t.db
      .insertInto("images")
      .values({ key, width: 800, height: 600, variants: [800], owner_id: ownerId })
      .execute();
    return key;
  }

  it("downloads small accounts at once: only the user's data, the other party by display name only, and their photos", async () => {
    const alice = await person("Alice");
    const bob = await person("Bob");
    const carol = await person("Carol");
    const alicesAdvert = await advert(alice.id, "Alice's bicycle");
    const bobsAdvert = await advert(bob.id, "Bob's lamp");
    await photo(alice.id, new Uint8Array([1, 2, 3, 4]));
    await photo(bob.id, new Uint8Array([9, 9, 9]));
    await t.db.insertInto("favourites").values({ user_id: alice.id, advertisement_id: bobsAdvert.id }).execute();
    const asked = await sendAboutAdvert(alicesAdvert.id, bob.id, "Is the bicycle still there?");
    if (!asked.ok) throw new Error("message refused");
    await reply(asked.conversationId, alice.id, "Yes, come on Friday.");
    const unrelated = await sendAboutAdvert(bobsAdvert.id, carol.id, "Carol asks Bob privately");
    expect(unrelated.ok).toBe(true);

    const { result } = await callWithSession(exportPage.action, {
      url: "/cabinet/export/file",
      cookie: alice.session.cookie,
      form: { intent: "export" },
    });
    const response = result as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const photos = Object.keys(files).filter((name) => name.startsWith("photos/"));
    expect(photos).toHaveLength(1);
    expect([...files[photos[0]!]!]).toEqual([1, 2, 3, 4]);
    const text = strFromU8(files["data.json"]!);
    const data = JSON.parse(text);
    expect(data.profile.email).toBe(alice.email);
    expect(data.adverts.map((item: { title: string }) => item.title)).toEqual(["Alice's bicycle"]);
    expect(data.favourites.map((item: { title: string }) => item.title)).toEqual(["Bob's lamp"]);
    expect(data.conversations).toHaveLength(1);
    expect(data.conversations[0].otherParty).toBe("Bob");
    expect(data.conversations[0].messages.map((message: { from: string }) => message.from)).toEqual(["other", "you"]);
    for (const foreign of [bob.email, carol.email, "Carol", 'Bob\'s lamp",\n      "description', "password", "Carol asks Bob"])
      expect(text).not.toContain(foreign);
  });

  it("mails a link for larger accounts: single use, for the same account only", async () => {
    const dana = await person("Dana");
    const eve = await person("Eve");
    for (let i = 0; i <= INSTANT_EXPORT_MAX_PHOTOS; i++) await photo(dana.id, new Uint8Array([i]));
    const { result } = await callWithSession(exportPage.action, {
      url: "/cabinet/export/file",
      cookie: dana.session.cookie,
      form: { intent: "export" },
    });
    expect((result as Response).status).toBe(303);
    expect((result as Response).headers.get("Location")).toBe("/cabinet/export");
    await runQueuedJobs();
    const mail = mailsTo(dana.email).at(-1)!;
    expect(mail.subject).toMatch(/дані готові/);
    const token = new URL(mail.link!).pathname.split("/").at(-1)!;
    expect(await t.db.selectFrom("data_exports").select("id").where("token_hash", "=", hashToken(token)).executeTakeFirst()).toBeDefined();

    const download = (cookie: string) =>
      catchResponse(
        callWithSession(exportDownload.loader, { url: `/cabinet/export/${token}`, params: { token }, cookie }).then((call) => call.result),
      );
    expect((await download(eve.session.cookie)).status).toBe(404);
    const first = await download(dana.session.cookie);
    expect(first.status).toBe(200);
    const files = unzipSync(new Uint8Array(await first.arrayBuffer()));
    expect(Object.keys(files).filter((name) => name.startsWith("photos/"))).toHaveLength(INSTANT_EXPORT_MAX_PHOTOS + 1);
    expect((await download(dana.session.cookie)).status).toBe(404);
    // The hourly scan removes what a download left (and a day-old unread file).
    await runQueuedJobs();
    await removeStaleExports(new Date(Date.now() + 25 * HOUR));
    expect(
      await t.db.selectFrom("data_exports").select("id").where("user_id", "=", dana.id).where("file_key", "is not", null).execute(),
    ).toEqual([]);
    expect(readdirSync(path.join(getConfig().dataDir, "exports"))).toEqual([]);
    for (const forged of ["x", "a".repeat(43), "../../etc/passwd", "%00"]) {
      const response = await catchResponse(
        callWithSession(exportDownload.loader, { url: "/cabinet/export/x", params: { token: forged }, cookie: dana.session.cookie }).then(
          (call) => call.result,
        ),
      );
      expect(response.status).toBe(404);
    }
  });

  it("refuses anything but its one button with 400", async () => {
    const frank = await person("Frank");
    const response = await catchResponse(
      callWithSession(exportPage.action, { url: "/cabinet/export/file", cookie: frank.session.cookie, form: { intent: "other" } }),
    );
    expect(response.status).toBe(400);
  });
});
