// Web push end to end against a push service of our own (a local http server): a subscription
// made with a real P-256 key pair and auth secret, a new private message sent through the real
// job, the VAPID Authorization header checked (ES256 signature, aud, exp, sub) and the payload
// decrypted (aes128gcm, RFC 8291): kind and link, never the message's text. A 404 or 410 deletes
// the device, a 500 keeps it and the job is retried; each device gets each notification once.
// Also the cabinet page's forms (kinds, removal, subscribe) and the data export.
import { createECDH, createPublicKey, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decrypt } from "http_ece";
import * as page from "#app/routes/cabinet-notifications/route.tsx";
import { runQueuedJobs } from "#app/jobs.server.ts";
import { deleteAccount } from "#app/modules/auth/users.server.ts";
import { sendAboutAdvert } from "#app/modules/messages/conversations.server.ts";
import { sendPush } from "#app/modules/push/send.server.ts";
import { sendDocumentReminders } from "#app/modules/user-documents/reminders.server.ts";
import { runAlertJob } from "#app/modules/saved-searches/alerts.server.ts";
import { siteDay } from "#app/platform/format/dates.ts";
import { exportedPushDevices, saveSubscription } from "#app/modules/push/subscriptions.server.ts";
import { getConfig } from "#app/platform/config/config.server.ts";
import { JOB_SCHEMA } from "#app/platform/jobs/queue.server.ts";
import { sql } from "kysely";
import { useTestDatabase } from "../support/db.ts";
import { callWithSession, makeUser, sessionCookieFor, useAccountConfig } from "../support/auth.ts";
import { catchResponse } from "../support/route.ts";
import { thrownStatus } from "../support/app-route.ts";
import { flashMessage } from "../support/messages.ts";
import { insertBicycleAdvert, insertTransportCategory } from "../support/adverts.ts";

const t = useTestDatabase();
const BODY = "Чи ще продається велосипед? Секретна адреса: вул. Тиха 5.";
const CHROME = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };
const received: Received[] = [];
/** The push service's answer, per endpoint path (201 when not named). */
const answers = new Map<string, number>();
let server: Server;
let origin: string;
let categoryId: number;
let counter = 0;

beforeAll(async () => {
  useAccountConfig({ PUBLIC_URL: "https://portal.example" });
  categoryId = await insertTransportCategory(t.db);
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answers.get(request.url ?? "") ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A browser's subscription: its own key pair and auth secret, at a path of our push service. */
async function device(userId: number) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const path = `/push/${++counter}-${randomBytes(6).toString("hex")}`;
  await saveSubscription(
    userId,
    { endpoint: `${origin}${path}`, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } },
    CHROME,
  );
  const row = await t.db.selectFrom("push_subscriptions").select("id").where("endpoint", "=", `${origin}${path}`).executeTakeFirstOrThrow();
  return { ecdh, auth, path, id: row.id };
}

async function sellerWithAdvert(locale: "ua" | "us" = "us") {
  const seller = await makeUser({ name: "Seller" });
  const buyer = await makeUser({ name: "Buyer" });
  await t.db.updateTable("users").set({ preferred_locale: locale }).where("id", "=", seller.id).execute();
  const advert = await insertBicycleAdvert(
    t.db,
    { ownerId: seller.id, categoryId, slug: `push-advert-${++counter}`, number: 1000 + counter },
    { title: "Bicycle", description: "A city bicycle in good condition, with lights.", contact_name: "Seller", email: seller.email },
  );
  return { seller, buyer, advertId: advert.id };
}

async function message(advertId: number, buyerId: number): Promise<number> {
  const sent = await sendAboutAdvert(advertId, buyerId, BODY, new Date());
  if (!sent.ok) throw new Error(`not sent: ${sent.reason}`);
  return sent.conversationId;
}

const to = (path: string) => received.filter((request) => request.path === path);

function jwtParts(authorization: string) {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization);
  expect(match, authorization).not.toBeNull();
  const [, header, claims, signature, key] = match!;
  return { header, claims, signature, key };
}

describe("a push about a new message", () => {
  it("reaches the device signed with the portal's VAPID key, encrypted to the device, with the kind and link but not the text", async () => {
    const { seller, buyer, advertId } = await sellerWithAdvert("us");
    const phone = await device(seller.id);
    const conversationId = await message(advertId, buyer.id);
    await runQueuedJobs();

    const [request, ...more] = to(phone.path);
    expect(more).toHaveLength(0);
    expect(request).toBeDefined();
    expect(request!.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(request!.headers.ttl)).toBeGreaterThan(0);

    // VAPID (RFC 8292): an ES256 JWT for the push service's origin, with the portal's public key.
    const { header, claims, signature, key } = jwtParts(String(request!.headers.authorization));
    expect(key).toBe(getConfig().vapid.publicKey);
    expect(JSON.parse(Buffer.from(header, "base64url").toString())).toEqual({ typ: "JWT", alg: "ES256" });
    const raw = Buffer.from(key, "base64url");
    expect(raw).toHaveLength(65);
    const publicKey = createPublicKey({
      key: { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33).toString("base64url") },
      format: "jwk",
    });
    const signed = verify(
      "sha256",
      Buffer.from(`${header}.${claims}`),
      { key: publicKey, dsaEncoding: "ieee-p1363" },
      Buffer.from(signature, "base64url"),
    );
    expect(signed).toBe(true);
    const jwt = JSON.parse(Buffer.from(claims, "base64url").toString()) as { aud: string; exp: number; sub: string };
    expect(jwt.aud).toBe(origin);
    expect(jwt.sub).toBe("https://portal.example");
    const now = Date.now() / 1000;
    expect(jwt.exp).toBeGreaterThan(now);
    expect(jwt.exp).toBeLessThanOrEqual(now + 24 * 3600);
    // A signature over other claims does not verify: the check above means something.
    expect(
      verify(
        "sha256",
        Buffer.from(`${header}.${claims}x`),
        { key: publicKey, dsaEncoding: "ieee-p1363" },
        Buffer.from(signature, "base64url"),
      ),
    ).toBe(false);

    // The payload (RFC 8291), decrypted with the device's private key and auth secret.
    const text = decrypt(request!.body, { version: "aes128gcm", privateKey: phone.ecdh, authSecret: phone.auth }).toString("utf8");
    expect(JSON.parse(text)).toEqual({
      kind: "message",
      title: "New message",
      body: "You have a new private message.",
      url: `https://portal.example/us/cabinet/messages/${conversationId}`,
      tag: expect.stringMatching(new RegExp(`^message:${conversationId}:\\d+$`)),
    });
    expect(text).not.toContain("продається");
    expect(text).not.toContain("Тиха");
    expect(text).not.toContain("Bicycle");
    // Neither the encrypted body nor any header carries the text.
    expect(request!.body.toString("latin1")).not.toContain("Bicycle");

    const row = await t.db.selectFrom("push_subscriptions").select("last_success_at").where("id", "=", phone.id).executeTakeFirstOrThrow();
    expect(row.last_success_at).not.toBeNull();
    // The job again (as a retry would be): the device got it once.
    const key2 = JSON.parse(text).tag as string;
    await sendPush({ userId: seller.id, kind: "message", path: `/cabinet/messages/${conversationId}`, key: key2 });
    expect(to(phone.path)).toHaveLength(1);
    // The sender's own device gets nothing about their own message.
    const buyerPhone = await device(buyer.id);
    await message(advertId, buyer.id);
    await runQueuedJobs();
    expect(to(buyerPhone.path)).toHaveLength(0);
    expect(to(phone.path)).toHaveLength(2);
  });

  it("in the recipient's language; nothing when the user turned that kind off", async () => {
    const { seller, buyer, advertId } = await sellerWithAdvert("ua");
    const phone = await device(seller.id);
    const conversationId = await message(advertId, buyer.id);
    await runQueuedJobs();
    const [request] = to(phone.path);
    const payload = JSON.parse(decrypt(request!.body, { version: "aes128gcm", privateKey: phone.ecdh, authSecret: phone.auth }).toString());
    expect(payload).toMatchObject({
      kind: "message",
      title: "Нове повідомлення",
      url: `https://portal.example/cabinet/messages/${conversationId}`,
    });

    await t.db
      .updateTable("users")
      .set({ push_kinds: ["alert", "event", "document"] })
      .where("id", "=", seller.id)
      .execute();
    const other = await sellerWithAdvert("ua");
    await t.db.updateTable("advertisements").set({ owner_id: seller.id }).where("id", "=", other.advertId).execute();
    await message(other.advertId, buyer.id);
    await runQueuedJobs();
    expect(to(phone.path)).toHaveLength(1);
  });
});

describe("beside the reminder mails", () => {
  it("a document's reminder pushes once per device, also when its mail is sent again after a failure", async () => {
    const owner = await makeUser({ name: "Olena" });
    const phone = await device(owner.id);
    const now = new Date();
    const expires = new Date(Date.parse(`${siteDay(now)}T12:00:00Z`) + 5 * 86_400_000).toISOString().slice(0, 10);
    const document = await t.db
      .insertInto("user_documents")
      .values({ user_id: owner.id, kind: "passport", expires_on: expires })
      .returning("id")
      .executeTakeFirstOrThrow();
    await sendDocumentReminders(now, t.db);
    await runQueuedJobs();
    expect(to(phone.path)).toHaveLength(1);
    const payload = JSON.parse(
      decrypt(to(phone.path)[0]!.body, { version: "aes128gcm", privateKey: phone.ecdh, authSecret: phone.auth }).toString(),
    );
    expect(payload).toEqual({
      kind: "document",
      title: "Незабаром закінчується документ",
      body: "Строк дії одного з ваших документів незабаром закінчується.",
      url: "https://portal.example/cabinet/documents",
      tag: `document:${document.id}:7`,
    });
    // The claim given back, as a failed mail does: the scan mails again, the device is not pushed again.
    await t.db.deleteFrom("user_document_reminders").where("document_id", "=", document.id).execute();
    await sendDocumentReminders(now, t.db);
    await runQueuedJobs();
    expect(to(phone.path)).toHaveLength(1);
  });
});

describe("beside a saved search's alert", () => {
  it("pushes once with the search's page, not the adverts; a mail retried after a refusal adds no second push", async () => {
    const searcher = await makeUser({ name: "Searcher" });
    const laptop = await device(searcher.id);
    const search = await t.db
      .insertInto("saved_searches")
      .values({ user_id: searcher.id, name: "Все", locale: "us", alert: "instant", created_at: new Date(Date.now() - 3_600_000) })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { seller } = await sellerWithAdvert();
    await insertBicycleAdvert(
      t.db,
      { ownerId: seller.id, categoryId, slug: `push-alert-${++counter}`, number: 2000 + counter },
      { title: "Alerted bicycle", published_at: new Date() },
    );
    const at = new Date(Date.now() + 1000);
    await runAlertJob(at);
    // In the user's language (a push is about the person, not the search). The job again, as after a refused mail: still one push.
    await runQueuedJobs();
    await sendPush({
      userId: searcher.id,
      kind: "alert",
      path: `/cabinet/saved-searches/${search.id}`,
      key: `alert:${search.id}:${at.toISOString()}`,
    });
    const pushes = to(laptop.path);
    expect(pushes).toHaveLength(1);
    const text = decrypt(pushes[0]!.body, { version: "aes128gcm", privateKey: laptop.ecdh, authSecret: laptop.auth }).toString();
    expect(JSON.parse(text)).toMatchObject({ kind: "alert", url: `https://portal.example/cabinet/saved-searches/${search.id}` });
    expect(text).not.toContain("bicycle");
  });
});

describe("what the push service answers", () => {
  async function jobStates(userId: number) {
    const rows = await sql<{ state: string }>`select state from ${sql.table(`${JOB_SCHEMA}.job`)}
      where name = 'push-send' and (data->>'userId')::int = ${userId}`.execute(t.db);
    return rows.rows.map((row) => row.state);
  }

  it("410 and 404 delete the device; the other device still gets it", async () => {
    const { seller, buyer, advertId } = await sellerWithAdvert();
    const gone = await device(seller.id);
    const unknown = await device(seller.id);
    const fine = await device(seller.id);
    answers.set(gone.path, 410);
    answers.set(unknown.path, 404);
    await message(advertId, buyer.id);
    await runQueuedJobs();
    expect(to(gone.path)).toHaveLength(1);
    expect(to(unknown.path)).toHaveLength(1);
    expect(to(fine.path)).toHaveLength(1);
    const left = await t.db.selectFrom("push_subscriptions").select("id").where("user_id", "=", seller.id).execute();
    expect(left.map((row) => row.id)).toEqual([fine.id]);
    expect(await jobStates(seller.id)).toEqual(["completed"]);
  });

  it("500 keeps the device and the job is retried; the retry reaches only the device still owed", async () => {
    const { seller, buyer, advertId } = await sellerWithAdvert();
    const flaky = await device(seller.id);
    const fine = await device(seller.id);
    answers.set(flaky.path, 500);
    await message(advertId, buyer.id);
    await runQueuedJobs();
    expect(to(flaky.path)).toHaveLength(1);
    expect(to(fine.path)).toHaveLength(1);
    expect(await t.db.selectFrom("push_subscriptions").select("id").where("user_id", "=", seller.id).execute()).toHaveLength(2);
    expect(await jobStates(seller.id)).toEqual(["retry"]);

    answers.set(flaky.path, 201);
    await runQueuedJobs({ ignoreStartAfter: true });
    expect(to(flaky.path)).toHaveLength(2);
    expect(to(fine.path)).toHaveLength(1);
    expect(await jobStates(seller.id)).toEqual(["completed"]);
  });
});

describe("the cabinet's notifications page", () => {
  async function person() {
    const user = await makeUser({ name: "Olena" });
    return { id: user.id, cookie: await sessionCookieFor(user.id) };
  }
  const post = (who: { cookie: string }, form: Record<string, string | string[]>) =>
    callWithSession(page.action, { url: "/us/cabinet/notifications", cookie: who.cookie, form }).then((call) => call.result);

  it("saves the kinds (none ticked is none), refuses an unknown kind with 400", async () => {
    const who = await person();
    const saved = await catchResponse(post(who, { intent: "kinds", kinds: ["message", "event"] }));
    expect(saved.status).toBe(302);
    expect(flashMessage(saved)).toBe("cabinet:notifications.flash_kinds");
    expect((await t.db.selectFrom("users").select("push_kinds").where("id", "=", who.id).executeTakeFirstOrThrow()).push_kinds).toEqual([
      "message",
      "event",
    ]);
    await catchResponse(post(who, { intent: "kinds" }));
    expect((await t.db.selectFrom("users").select("push_kinds").where("id", "=", who.id).executeTakeFirstOrThrow()).push_kinds).toEqual([]);
    const bad = (await post(who, { intent: "kinds", kinds: ["spam"] })) as { data: unknown; init: ResponseInit | null };
    expect(bad.init?.status).toBe(400);
  });

  it("stores a subscription the browser posts (https only), lists it without keys, removes only the user's own", async () => {
    const who = await person();
    const stranger = await person();
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const subscription = {
      endpoint: `https://push.example/send/${randomBytes(8).toString("hex")}`,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
    };
    const ok = await catchResponse(post(who, { intent: "subscribe", subscription: JSON.stringify(subscription) }));
    expect(flashMessage(ok)).toBe("cabinet:notifications.flash_subscribed");
    const plain = (await post(who, {
      intent: "subscribe",
      subscription: JSON.stringify({ ...subscription, endpoint: "http://push.example/x" }),
    })) as {
      init: ResponseInit | null;
    };
    expect(plain.init?.status).toBe(400);
    const junk = (await post(who, { intent: "subscribe", subscription: "{not json" })) as { init: ResponseInit | null };
    expect(junk.init?.status).toBe(400);

    const rows = await t.db.selectFrom("push_subscriptions").selectAll().where("user_id", "=", who.id).execute();
    expect(rows).toHaveLength(1);
    const exported = await exportedPushDevices(who.id, t.db);
    expect(exported.kinds).toEqual(["message", "alert", "event", "document"]);
    expect(exported.devices).toEqual([{ device: rows[0]!.user_agent, created_at: expect.any(String), last_success_at: null }]);
    expect(JSON.stringify(exported)).not.toContain(subscription.keys.auth);
    expect(JSON.stringify(exported)).not.toContain("push.example");

    expect(await thrownStatus(post(stranger, { intent: "remove", id: String(rows[0]!.id) }))).toBe(404);
    const removed = await catchResponse(post(who, { intent: "remove", id: String(rows[0]!.id) }));
    expect(flashMessage(removed)).toBe("cabinet:notifications.flash_removed");
    expect(await t.db.selectFrom("push_subscriptions").select("id").where("user_id", "=", who.id).execute()).toEqual([]);
  });

  it("the devices go with the account", async () => {
    const who = await makeUser();
    await device(who.id);
    await deleteAccount(who.id);
    expect(await t.db.selectFrom("push_subscriptions").select("id").where("user_id", "=", who.id).execute()).toEqual([]);
  });
});
