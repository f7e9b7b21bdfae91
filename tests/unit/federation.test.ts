// ActivityPub federation: the key/value store on the portal's database, the queue adapter over
// the job queue, the objects (both languages, clean HTML, both public pages), WebFinger and the
// actor under the configured origin, and what the inbox refuses before and after Fedify.
import { beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { DB } from "#db/schema.ts";
import { buildFederation } from "#app/modules/federation/federation.server.ts";
import { KyselyKvStore } from "#app/modules/federation/kv.server.ts";
import { newsArticle, posterEvent } from "#app/modules/federation/objects.server.ts";
import { JobMessageQueue } from "#app/modules/federation/queue.server.ts";
import { answerFederation } from "#app/modules/federation/request.server.ts";
import { INBOX_MAX_BYTES, signatureHost } from "#app/modules/federation/inbox-guard.server.ts";
import { setEnabledSections } from "#app/modules/federation/sections.server.ts";
import { activityAlternate } from "../../server/activity-negotiation.ts";
import { useTestDatabase } from "../support/db.ts";
import { useAccountConfig } from "../support/auth.ts";

const t = useTestDatabase();
const ORIGIN = "https://portal.example";

beforeAll(() => {
  useAccountConfig({ PUBLIC_URL: ORIGIN });
});

const duration = (ms: number) => ({ total: () => ms }) as never;

function federation(db: Kysely<DB> = t.db, queue?: JobMessageQueue) {
  return buildFederation({ db: () => db, origin: ORIGIN, kv: new KyselyKvStore(() => db), queue, allowPrivateAddress: false });
}

describe("the key/value store", () => {
  it("gets, sets, overwrites, deletes and lists by prefix", async () => {
    const kv = new KyselyKvStore(() => t.db);
    expect(await kv.get(["a", "1"])).toBeUndefined();
    await kv.set(["a", "1"], { n: 1 });
    await kv.set(["a", "2"], "two");
    await kv.set(["b", "1"], [1, 2]);
    await kv.set(["a", "1"], { n: 2 });
    expect(await kv.get(["a", "1"])).toEqual({ n: 2 });
    const listed: unknown[] = [];
    for await (const entry of kv.list(["a"])) listed.push([entry.key, entry.value]);
    expect(listed).toEqual([
      [["a", "1"], { n: 2 }],
      [["a", "2"], "two"],
    ]);
    await kv.delete(["a", "2"]);
    expect(await kv.get(["a", "2"])).toBeUndefined();
  });

  it("treats an expired entry as absent and sweeps it", async () => {
    const kv = new KyselyKvStore(() => t.db);
    await kv.set(["ttl", "gone"], 1, { ttl: duration(-1000) });
    await kv.set(["ttl", "kept"], 2, { ttl: duration(60_000) });
    expect(await kv.get(["ttl", "gone"])).toBeUndefined();
    expect(await kv.get(["ttl", "kept"])).toBe(2);
    expect(await kv.sweep()).toBeGreaterThanOrEqual(1);
    const keys: unknown[] = [];
    for await (const entry of kv.list(["ttl"])) keys.push(entry.key);
    expect(keys).toEqual([["ttl", "kept"]]);
  });

  it("compares and swaps only from the expected value", async () => {
    const kv = new KyselyKvStore(() => t.db);
    expect(await kv.cas(["cas"], undefined, "first")).toBe(true);
    expect(await kv.cas(["cas"], undefined, "again")).toBe(false);
    expect(await kv.cas(["cas"], "wrong", "second")).toBe(false);
    expect(await kv.cas(["cas"], "first", "second")).toBe(true);
    expect(await kv.get(["cas"])).toBe("second");
  });
});

describe("the queue adapter", () => {
  it("sends each message as a job, with Fedify's delay as the job's start", async () => {
    const sent: Array<[unknown, object]> = [];
    const queue = new JobMessageQueue(async (message, options) => sent.push([message, options]));
    await queue.enqueue({ type: "outbox", id: 1 });
    await queue.enqueue({ type: "outbox", id: 2 }, { delay: duration(2_500) });
    await queue.enqueueMany([{ id: 3 }, { id: 4 }]);
    expect(sent).toEqual([
      [{ type: "outbox", id: 1 }, {}],
      [{ type: "outbox", id: 2 }, { startAfterSeconds: 3 }],
      [{ id: 3 }, {}],
      [{ id: 4 }, {}],
    ]);
    expect(queue.nativeRetrial).toBe(true);
    const controller = new AbortController();
    const listening = queue.listen(() => {}, { signal: controller.signal });
    controller.abort();
    await expect(listening).resolves.toBeUndefined();
  });
});

const NEWS = {
  id: 7,
  slug: "vesna",
  title_uk: "Весна у Варшаві",
  title_en: "Spring in Warsaw",
  summary_uk: "Коротко",
  summary_en: "In short",
  body_uk: '<p>Текст <script>alert(1)</script><a href="javascript:x()">посилання</a></p>',
  body_en: '<p onclick="x()">Text</p>',
  published_at: new Date("2026-03-01T10:00:00Z"),
  updated_at: new Date("2026-03-02T10:00:00Z"),
};

describe("objects", () => {
  it("an Article carries both languages, clean HTML and both public pages", () => {
    const article = newsArticle(ORIGIN, NEWS);
    expect(article).toMatchObject({
      id: `${ORIGIN}/ap/news/7`,
      type: "Article",
      attributedTo: `${ORIGIN}/ap/actors/news`,
      nameMap: { uk: "Весна у Варшаві", en: "Spring in Warsaw" },
      summaryMap: { uk: "Коротко", en: "In short" },
      to: ["https://www.w3.org/ns/activitystreams#Public"],
      cc: [`${ORIGIN}/ap/actors/news/followers`],
      url: [
        { type: "Link", href: `${ORIGIN}/novyny/vesna`, hreflang: "uk", mediaType: "text/html" },
        { type: "Link", href: `${ORIGIN}/us/novyny/vesna`, hreflang: "en", mediaType: "text/html" },
      ],
    });
    const contents = article.contentMap as Record<string, string>;
    expect(Object.keys(contents)).toEqual(["uk", "en"]);
    expect(contents.uk).toContain("Текст");
    expect(contents.uk).not.toMatch(/script|javascript/);
    expect(contents.en).toBe("<p>Text</p>");
  });

  it("an Event has its times, place and no English it does not have", () => {
    const event = posterEvent(ORIGIN, {
      id: 3,
      slug: "kontsert",
      title_uk: "Концерт",
      title_en: null,
      description_uk: "<p>Опис</p>",
      description_en: null,
      venue_uk: "Клуб",
      venue_en: "Club",
      address: "Marszałkowska 1",
      starts_at: new Date("2026-05-01T17:00:00Z"),
      ends_at: new Date("2026-05-01T19:00:00Z"),
      published_at: null,
      created_at: new Date("2026-04-01T00:00:00Z"),
      updated_at: new Date("2026-04-02T00:00:00Z"),
    });
    expect(event).toMatchObject({
      type: "Event",
      id: `${ORIGIN}/ap/events/3`,
      nameMap: { uk: "Концерт" },
      contentMap: { uk: "<p>Опис</p>" },
      startTime: "2026-05-01T17:00:00.000Z",
      endTime: "2026-05-01T19:00:00.000Z",
      location: { type: "Place", name: "Клуб, Marszałkowska 1", nameMap: { uk: "Клуб, Marszałkowska 1", en: "Club, Marszałkowska 1" } },
    });
    expect(event.nameMap).not.toHaveProperty("en");
  });
});

describe("discovery", () => {
  it("WebFinger answers for an enabled section only, with URLs of the configured origin", async () => {
    const fed = federation();
    const ask = (resource: string, host = "evil.example") =>
      answerFederation(new Request(`https://${host}/.well-known/webfinger?resource=${encodeURIComponent(resource)}`), fed, t.db);
    expect((await ask("acct:news@portal.example")).status).toBe(404);
    await setEnabledSections(t.db, ["news", "events"]);
    const response = await ask("acct:news@portal.example");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { subject: string; links: Array<{ rel: string; href?: string; type?: string }> };
    expect(body.subject).toBe("acct:news@portal.example");
    expect(body.links).toContainEqual(
      expect.objectContaining({ rel: "self", type: "application/activity+json", href: `${ORIGIN}/ap/actors/news` }),
    );
    expect((await ask("acct:events@portal.example")).status).toBe(200);
    expect((await ask("acct:admin@portal.example")).status).toBe(404);
    const nodeinfo = await answerFederation(new Request(`${ORIGIN}/.well-known/nodeinfo`), fed, t.db);
    const href = ((await nodeinfo.json()) as { links: Array<{ href: string }> }).links[0]!.href;
    expect(href).toBe(`${ORIGIN}/ap/nodeinfo/2.1`);
    const info = (await (await answerFederation(new Request(href), fed, t.db)).json()) as Record<string, unknown>;
    expect(info).toMatchObject({ protocols: ["activitypub"], openRegistrations: false });
  });

  it("the actor document has its inbox, outbox, followers, shared inbox and keys (created once, stored)", async () => {
    await setEnabledSections(t.db, ["news", "events"]);
    const fed = federation();
    const get = () =>
      answerFederation(new Request(`${ORIGIN}/ap/actors/news`, { headers: { Accept: "application/activity+json" } }), fed, t.db);
    const actor = (await (await get()).json()) as Record<string, unknown>;
    expect(actor).toMatchObject({
      id: `${ORIGIN}/ap/actors/news`,
      type: "Service",
      preferredUsername: "news",
      inbox: `${ORIGIN}/ap/actors/news/inbox`,
      outbox: `${ORIGIN}/ap/actors/news/outbox`,
      followers: `${ORIGIN}/ap/actors/news/followers`,
      endpoints: { sharedInbox: `${ORIGIN}/ap/inbox` },
      nameMap: { uk: "Новини", en: "News" },
    });
    expect((actor.publicKey as { publicKeyPem: string }).publicKeyPem).toContain("BEGIN PUBLIC KEY");
    expect(actor.assertionMethod).toHaveLength(2);
    const keys = await t.db.selectFrom("federation_keys").select(["section", "algorithm"]).where("section", "=", "news").execute();
    expect(keys.map((key) => key.algorithm).sort()).toEqual(["ed25519", "rsa"]);
    const again = (await (await get()).json()) as Record<string, unknown>;
    expect(again.publicKey).toEqual(actor.publicKey);
  });
});

describe("the inbox refuses", () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    answerFederation(
      new Request(`${ORIGIN}/ap/inbox`, { method: "POST", headers: { "Content-Type": "application/activity+json", ...headers }, body }),
      federation(),
      t.db,
    );
  const follow = JSON.stringify({
    "@context": "https://www.w3.org/ns/activitystreams",
    id: "https://remote.example/follows/1",
    type: "Follow",
    actor: "https://remote.example/users/mallory",
    object: `${ORIGIN}/ap/actors/news`,
  });

  it("an unsigned request (401), a body over the bound (413), a blocked host (403), a forged signature (401); nothing stored", async () => {
    await setEnabledSections(t.db, ["news"]);
    expect((await post(follow)).status).toBe(401);
    const big = JSON.stringify({ type: "Create", padding: "x".repeat(INBOX_MAX_BYTES) });
    expect((await post(big, { Signature: 'keyId="https://remote.example/users/mallory#main-key",signature="AAAA"' })).status).toBe(413);
    await t.db.insertInto("federation_blocked_domains").values({ host: "blocked.example" }).execute();
    expect((await post(follow, { Signature: 'keyId="https://sub.blocked.example/u#key",signature="AAAA"' })).status).toBe(403);
    // A signature that cannot be checked (its key is on a host nobody may reach from here): refused.
    const forged = await post(follow, {
      Date: new Date().toUTCString(),
      Signature:
        'keyId="https://remote.example/users/mallory#main-key",algorithm="rsa-sha256",headers="(request-target) host date",signature="AAAA"',
    });
    expect(forged.status).toBe(401);
    expect(await t.db.selectFrom("federation_followers").selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom("federation_remote_events").selectAll().execute()).toEqual([]);
  });

  it("reads the signing host from either signature header", () => {
    expect(signatureHost(new Headers({ Signature: 'keyId="https://A.example/u#k",signature="x"' }))).toBe("a.example");
    expect(signatureHost(new Headers({ "Signature-Input": 'sig1=("@method");keyid="https://b.example/k"' }))).toBe("b.example");
    expect(signatureHost(new Headers())).toBeNull();
  });
});

describe("content negotiation", () => {
  it("an item page asked for as ActivityPub goes on to its object; other requests stay", async () => {
    const as = "application/activity+json";
    expect(activityAlternate("/us/poster/kontsert", as)).toBe("/ap/by-slug/events/kontsert");
    expect(activityAlternate("/novyny/vesna", 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"')).toBe(
      "/ap/by-slug/news/vesna",
    );
    expect(activityAlternate("/novyny/vesna", "text/html,application/xhtml+xml")).toBeNull();
    expect(activityAlternate("/poster/rss.xml", as)).toBeNull();
    expect(activityAlternate("/novyny/category/kultura", as)).toBeNull();

    await setEnabledSections(t.db, ["news"]);
    const item = await t.db
      .insertInto("news")
      .values({ slug: "vesna-negotiated", title_uk: "Весна", status: "published", published_at: new Date(Date.now() - 60_000) })
      .returning("id")
      .executeTakeFirstOrThrow();
    const bySlug = (slug: string) => answerFederation(new Request(`${ORIGIN}/ap/by-slug/news/${slug}`), federation(), t.db);
    const found = await bySlug("vesna-negotiated");
    expect(found.status).toBe(303);
    expect(found.headers.get("location")).toBe(`/ap/news/${item.id}`);
    expect((await bySlug("no-such-item")).status).toBe(404);
    expect((await bySlug("%E0%A4%A")).status).toBe(400);
  });
});
