// Two portals in one process, each with its own database and federation, talking through a
// fetch that routes by host to the other's request handler (no network): they follow each
// other, and a news item and an event published on one arrive on the other (create, update,
// delete), every inbox delivery signed and verified. Deliveries go through the queue adapter,
// drained as the job worker would. Then a plain-fetch client resolves an actor and its objects.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Kysely } from "kysely";
import type { DB } from "#db/schema.ts";
import { Create, Event } from "@fedify/fedify/vocab";
import { buildFederation, type PortalFederation } from "#app/modules/federation/federation.server.ts";
import { followActor } from "#app/modules/federation/following.server.ts";
import { approveRemoteEvent } from "#app/modules/federation/inbox.server.ts";
import { KyselyKvStore } from "#app/modules/federation/kv.server.ts";
import { JobMessageQueue } from "#app/modules/federation/queue.server.ts";
import { answerFederation } from "#app/modules/federation/request.server.ts";
import { setEnabledSections } from "#app/modules/federation/sections.server.ts";
import { syncAll } from "#app/modules/federation/sync.server.ts";
import { createTestDatabase, useTestDatabase, type TestDatabaseHandle } from "../support/db.ts";
import { useAccountConfig } from "../support/auth.ts";

const t = useTestDatabase();
const DAY = 24 * 3600 * 1000;

type Portal = { name: string; origin: string; db: Kysely<DB>; federation: PortalFederation; queue: unknown[] };

function portal(name: string, db: Kysely<DB>): Portal {
  const origin = `https://${name}.example`;
  const queue: unknown[] = [];
  const federation = buildFederation({
    db: () => db,
    origin,
    kv: new KyselyKvStore(() => db),
    queue: new JobMessageQueue(async (message) => queue.push(message)),
    allowPrivateAddress: true,
  });
  return { name, origin, db, federation, queue };
}

let second: TestDatabaseHandle;
let a: Portal;
let b: Portal;
/** Every inbox POST one portal made to the other, with the answer's status. */
const deliveries: Array<{ to: string; type: string; status: number }> = [];

beforeAll(async () => {
  useAccountConfig({ PUBLIC_URL: "https://a.example" });
  second = await createTestDatabase();
  a = portal("a", t.db);
  b = portal("b", second.db);
  const byHost = new Map([
    ["a.example", a],
    ["b.example", b],
  ]);
  const realFetch = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const target = byHost.get(new URL(request.url).host);
    if (!target) return realFetch(input, init);
    const type = request.method === "POST" ? String(JSON.parse(await request.clone().text()).type) : "";
    const response = await answerFederation(request, target.federation, target.db);
    if (request.method === "POST") deliveries.push({ to: target.name, type, status: response.status });
    return response;
  });
  await setEnabledSections(a.db, ["news", "events"]);
  await setEnabledSections(b.db, ["news", "events"]);
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await second?.dispose();
});

/** Runs both portals' queued deliveries until none are left, as the job worker would. */
async function drain() {
  for (let round = 0; round < 20 && (a.queue.length || b.queue.length); round++) {
    for (const p of [a, b]) {
      while (p.queue.length) await p.federation.processQueuedTask(undefined, p.queue.shift() as never);
    }
  }
}

const ctx = (p: Portal) => p.federation.createContext(new URL(p.origin), undefined);

async function newsOn(p: Portal, slug: string) {
  return p.db
    .insertInto("news")
    .values({
      slug,
      title_uk: "Новина",
      title_en: "A story",
      summary_uk: "Коротко",
      body_uk: "<p>Текст</p>",
      body_en: "<p>Text</p>",
      status: "published",
      published_at: new Date(Date.now() - DAY),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

async function eventOn(p: Portal, slug: string) {
  return p.db
    .insertInto("posters")
    .values({
      slug,
      title_uk: "Концерт",
      title_en: "Concert",
      description_uk: "<p>Музика <script>x()</script></p>",
      venue_uk: "Клуб",
      starts_at: new Date(Date.now() + 7 * DAY),
      ends_at: new Date(Date.now() + 7 * DAY + 2 * 3600 * 1000),
      status: "published",
      published_at: new Date(Date.now() - DAY),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

describe("two portals", () => {
  it("follow each other's sections; each Follow is accepted", async () => {
    for (const handle of ["@news@a.example", "@events@a.example"])
      expect(await followActor(b.db, ctx(b), handle)).toMatchObject({ ok: true });
    expect(await followActor(a.db, ctx(a), "@events@b.example")).toMatchObject({ ok: true });
    expect(await b.db.selectFrom("federation_following").select("state").execute()).toEqual([{ state: "pending" }, { state: "pending" }]);
    await drain();
    expect(await b.db.selectFrom("federation_following").select("state").execute()).toEqual([{ state: "accepted" }, { state: "accepted" }]);
    expect(await a.db.selectFrom("federation_following").select("state").execute()).toEqual([{ state: "accepted" }]);
    const followers = await a.db.selectFrom("federation_followers").select(["section", "actor_id"]).orderBy("section").execute();
    expect(followers).toEqual([
      { section: "events", actor_id: "https://b.example/ap/actors/events" },
      { section: "news", actor_id: "https://b.example/ap/actors/events" },
    ]);
  });

  it("a news item and an event published on A arrive on B: created, updated, deleted", async () => {
    const news = await newsOn(a, "vesna");
    const event = await eventOn(a, "kontsert");
    deliveries.length = 0;
    expect(await syncAll(a.db, ctx(a), a.origin)).toEqual({ created: 2, updated: 0, deleted: 0 });
    await drain();
    expect(deliveries).toEqual(
      expect.arrayContaining([
        { to: "b", type: "Create", status: 202 },
        { to: "b", type: "Create", status: 202 },
      ]),
    );
    const held = await b.db.selectFrom("federation_remote_events").selectAll().executeTakeFirstOrThrow();
    expect(held).toMatchObject({
      object_id: `https://a.example/ap/events/${event.id}`,
      actor_id: "https://a.example/ap/actors/events",
      name: "Концерт",
      name_en: "Concert",
      location: "Клуб",
      url: "https://a.example/poster/kontsert",
      state: "pending",
    });
    expect(held.content).toBe("<p>Музика </p>");
    // Nothing shows on B until staff approve it.
    expect(await b.db.selectFrom("posters").select("id").where("origin_url", "is not", null).execute()).toEqual([]);
    expect(await approveRemoteEvent(b.db, held.id)).toBe(true);
    const shown = await b.db
      .selectFrom("posters")
      .selectAll()
      .where("origin_actor", "=", "https://a.example/ap/actors/events")
      .executeTakeFirstOrThrow();
    expect(shown).toMatchObject({
      title_uk: "Концерт",
      title_en: "Concert",
      status: "published",
      origin_url: "https://a.example/poster/kontsert",
    });

    await a.db.updateTable("posters").set({ title_uk: "Концерт (перенесено)", version: 2 }).where("id", "=", event.id).execute();
    await a.db.updateTable("news").set({ title_uk: "Новина (оновлено)", version: 2 }).where("id", "=", news.id).execute();
    deliveries.length = 0;
    expect(await syncAll(a.db, ctx(a), a.origin)).toEqual({ created: 0, updated: 2, deleted: 0 });
    await drain();
    expect(deliveries.filter((d) => d.type === "Update")).toEqual([
      { to: "b", type: "Update", status: 202 },
      { to: "b", type: "Update", status: 202 },
    ]);
    expect((await b.db.selectFrom("posters").select("title_uk").where("id", "=", shown.id).executeTakeFirstOrThrow()).title_uk).toBe(
      "Концерт (перенесено)",
    );

    await a.db.updateTable("posters").set({ deleted_at: new Date() }).where("id", "=", event.id).execute();
    await a.db.updateTable("news").set({ status: "draft" }).where("id", "=", news.id).execute();
    deliveries.length = 0;
    expect(await syncAll(a.db, ctx(a), a.origin)).toEqual({ created: 0, updated: 0, deleted: 2 });
    await drain();
    expect(deliveries.filter((d) => d.type === "Delete")).toHaveLength(2);
    expect(deliveries.every((d) => d.status === 202)).toBe(true);
    expect(await b.db.selectFrom("posters").select("id").where("id", "=", shown.id).execute()).toEqual([]);
    expect(await b.db.selectFrom("federation_remote_events").select("id").execute()).toEqual([]);
  });

  it("an event published on B arrives on A", async () => {
    await eventOn(b, "vystavka");
    await syncAll(b.db, ctx(b), b.origin);
    await drain();
    expect(await a.db.selectFrom("federation_remote_events").select(["actor_id", "name"]).execute()).toEqual([
      { actor_id: "https://b.example/ap/actors/events", name: "Концерт" },
    ]);
  });

  it("an actor nobody follows is ignored: its Create stores nothing", async () => {
    // A follows B's events actor only: a Create(Event) from B's news actor is verified, accepted (202) and dropped.
    const c = ctx(b);
    const event = await Event.fromJsonLd(
      {
        "@context": "https://www.w3.org/ns/activitystreams",
        id: "https://b.example/ap/events/999",
        type: "Event",
        name: "Спам",
        startTime: new Date(Date.now() + DAY).toISOString(),
      },
      { documentLoader: c.documentLoader, contextLoader: c.contextLoader },
    );
    await c.sendActivity(
      { identifier: "news" },
      { id: new URL("https://a.example/ap/actors/events"), inboxId: new URL("https://a.example/ap/actors/events/inbox") },
      new Create({ id: new URL("https://b.example/ap/events/999#create"), actor: c.getActorUri("news"), object: event }),
    );
    deliveries.length = 0;
    await drain();
    expect(deliveries).toEqual([{ to: "a", type: "Create", status: 202 }]);
    expect(await a.db.selectFrom("federation_remote_events").select("name").execute()).toEqual([{ name: "Концерт" }]);
  });

  it("a section turned on does not send followers what it already held", async () => {
    await setEnabledSections(a.db, ["events"]);
    await newsOn(a, "arkhiv");
    await setEnabledSections(a.db, ["news", "events"]);
    deliveries.length = 0;
    expect(await syncAll(a.db, ctx(a), a.origin)).toEqual({ created: 0, updated: 0, deleted: 0 });
    await drain();
    expect(deliveries).toEqual([]);
  });

  it("a plain client resolves WebFinger → actor → outbox → object", async () => {
    await newsOn(a, "lito");
    const json = { Accept: "application/activity+json" };
    const finger = (await (await fetch("https://a.example/.well-known/webfinger?resource=acct:news@a.example")).json()) as {
      links: Array<{ rel: string; type?: string; href?: string }>;
    };
    const self = finger.links.find((link) => link.rel === "self" && link.type === "application/activity+json")!;
    const actor = (await (await fetch(self.href!, { headers: json })).json()) as Record<string, unknown>;
    expect(actor["@context"]).toContain("https://www.w3.org/ns/activitystreams");
    expect(actor).toMatchObject({ type: "Service", id: "https://a.example/ap/actors/news" });
    const outbox = (await (await fetch(String(actor.outbox), { headers: json })).json()) as Record<string, unknown>;
    expect(outbox).toMatchObject({ type: "OrderedCollection", totalItems: 2 });
    const page = (await (await fetch(String(outbox.first), { headers: json })).json()) as {
      type: string;
      orderedItems: Array<Record<string, unknown>>;
    };
    expect(page.type).toBe("OrderedCollectionPage");
    const create = page.orderedItems[0]!;
    expect(create.type).toBe("Create");
    const objectId = typeof create.object === "string" ? create.object : (create.object as { id: string }).id;
    const object = (await (await fetch(objectId, { headers: json })).json()) as Record<string, unknown>;
    expect(object).toMatchObject({
      type: "Article",
      nameMap: { uk: "Новина", en: "A story" },
      contentMap: { uk: "<p>Текст</p>", en: "<p>Text</p>" },
      url: [
        { type: "Link", href: "https://a.example/novyny/lito", hreflang: "uk" },
        { type: "Link", href: "https://a.example/us/novyny/lito", hreflang: "en" },
      ],
    });
  });
});
