import {
  createFederation,
  exportJwk,
  generateCryptoKeyPair,
  importJwk,
  type Context,
  type Federation,
  type KvStore,
  type MessageQueue,
} from "@fedify/fedify";
import {
  Accept,
  Article,
  Create,
  Endpoints,
  Event,
  Follow,
  LanguageString,
  Reject,
  Service,
  Undo,
  Update,
  Delete,
  type Recipient,
} from "@fedify/fedify/vocab";
import type { Kysely } from "kysely";
import type { DB, FederationKeyAlgorithm, FederationSection } from "#db/schema.ts";
import { translatorFor } from "#app/i18n/request.server.ts";
import { logger } from "#app/platform/logger/logger.server.ts";
import { receiveAccept, receiveEvent, receiveRemoteDelete, receiveReject } from "./inbox.server.ts";
import { loadObject, objectPage, type JsonObject } from "./objects.server.ts";
import { enabledSections, isSection, sectionIsActor } from "./sections.server.ts";

// The portal as an ActivityPub server (Fedify): one actor per federating section (`news`,
// `events`, Service actors), WebFinger, outboxes of Articles and Events, followers, an inbox
// that accepts follows and takes events from the actors staff follow. Every URL it writes
// starts with the configured origin (PUBLIC_URL), never with a request's Host.
// docs/adr/0047-federation.md.

export type FederationEnv = {
  db: () => Kysely<DB>;
  origin: string;
  kv: KvStore;
  /** Outgoing work as jobs; none: Fedify sends at once (tests). */
  queue?: MessageQueue;
  /** Lets Fedify reach loopback and private addresses: tests and development only. */
  allowPrivateAddress: boolean;
};

export type PortalFederation = Federation<void>;

const PAGE_SIZE = 20;

const SECTION_NAME_KEY: Record<FederationSection, string> = { news: "content:nav.news", events: "content:nav.posters" };
const SECTION_PAGE: Record<FederationSection, string> = { news: "/novyny", events: "/poster" };

async function sectionKeys(db: Kysely<DB>, section: FederationSection): Promise<CryptoKeyPair[]> {
  const rows = await db.selectFrom("federation_keys").selectAll().where("section", "=", section).execute();
  const pairs: CryptoKeyPair[] = [];
  for (const algorithm of ["rsa", "ed25519"] as const satisfies FederationKeyAlgorithm[]) {
    let row = rows.find((candidate) => candidate.algorithm === algorithm);
    if (!row) {
      const made = await generateCryptoKeyPair(algorithm === "rsa" ? "RSASSA-PKCS1-v1_5" : "Ed25519");
      // Two processes at first start: the first insert wins and both use it.
      await db
        .insertInto("federation_keys")
        .values({
          section,
          algorithm,
          private_jwk: JSON.stringify(await exportJwk(made.privateKey)),
          public_jwk: JSON.stringify(await exportJwk(made.publicKey)),
        })
        .onConflict((conflict) => conflict.columns(["section", "algorithm"]).doNothing())
        .execute();
      row = await db
        .selectFrom("federation_keys")
        .selectAll()
        .where("section", "=", section)
        .where("algorithm", "=", algorithm)
        .executeTakeFirstOrThrow();
    }
    pairs.push({
      privateKey: await importJwk(row.private_jwk as JsonWebKey, "private"),
      publicKey: await importJwk(row.public_jwk as JsonWebKey, "public"),
    });
  }
  return pairs;
}

/** A stored or built JSON-LD object as Fedify's class, for its dispatchers and activities. */
export async function toVocab(object: JsonObject, ctx: Context<void>): Promise<Article | Event> {
  const options = { documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader };
  return object.type === "Event" ? Event.fromJsonLd(object, options) : Article.fromJsonLd(object, options);
}

export function buildFederation(env: FederationEnv): PortalFederation {
  const federation = createFederation<void>({
    kv: env.kv,
    origin: env.origin,
    ...(env.queue ? { queue: { outbox: env.queue, fanout: env.queue }, manuallyStartQueue: true } : {}),
    allowPrivateAddress: env.allowPrivateAddress,
    // pg-boss keeps retrying a host that is down; a held message is no better than a retried one.
    circuitBreaker: false,
  });
  const db = env.db;

  federation
    .setActorDispatcher("/ap/actors/{identifier}", async (ctx, identifier) => {
      if (!isSection(identifier) || !(await sectionIsActor(db(), identifier))) return null;
      const keys = await ctx.getActorKeyPairs(identifier);
      const [uk, en] = (["uk", "en"] as const).map((language) => translatorFor(language)(SECTION_NAME_KEY[identifier]));
      return new Service({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        names: [new LanguageString(uk!, "uk"), new LanguageString(en!, "en")],
        url: new URL(`${env.origin}${SECTION_PAGE[identifier]}`),
        inbox: ctx.getInboxUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        manuallyApprovesFollowers: false,
        publicKey: keys[0]?.cryptographicKey,
        assertionMethods: keys.map((key) => key.multikey),
      });
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => (isSection(identifier) ? sectionKeys(db(), identifier) : []));

  const objectOf = async (section: FederationSection, ctx: Context<void>, value: string) => {
    const id = Number(value);
    if (!Number.isSafeInteger(id) || id <= 0 || !(await enabledSections(db())).includes(section)) return null;
    const object = await loadObject(db(), env.origin, section, id);
    return object ? toVocab(object, ctx) : null;
  };
  federation.setObjectDispatcher(Article, "/ap/news/{id}", async (ctx, values) => {
    const object = await objectOf("news", ctx, values.id);
    return object instanceof Article ? object : null;
  });
  federation.setObjectDispatcher(Event, "/ap/events/{id}", async (ctx, values) => {
    const object = await objectOf("events", ctx, values.id);
    return object instanceof Event ? object : null;
  });

  federation
    .setOutboxDispatcher("/ap/actors/{identifier}/outbox", async (ctx, identifier, cursor) => {
      if (!isSection(identifier) || !(await enabledSections(db())).includes(identifier)) return null;
      if (cursor === null) return { items: [] };
      const offset = Number(cursor);
      if (!Number.isSafeInteger(offset) || offset < 0) return null;
      const page = await objectPage(db(), env.origin, identifier, offset, PAGE_SIZE);
      const items = await Promise.all(
        page.items.map(async (object) => {
          const vocab = await toVocab(object, ctx);
          return new Create({
            id: new URL(`${String(object.id)}#create`),
            actor: ctx.getActorUri(identifier),
            object: vocab,
            tos: vocab.toIds,
            ccs: vocab.ccIds,
            published: vocab.published,
          });
        }),
      );
      return { items, nextCursor: offset + PAGE_SIZE < page.total ? String(offset + PAGE_SIZE) : null };
    })
    .setCounter(async (_ctx, identifier) => (isSection(identifier) ? (await objectPage(db(), env.origin, identifier, 0, 0)).total : null))
    .setFirstCursor(() => "0");

  federation
    .setFollowersDispatcher("/ap/actors/{identifier}/followers", async (_ctx, identifier) => {
      if (!isSection(identifier)) return null;
      const rows = await db().selectFrom("federation_followers").selectAll().where("section", "=", identifier).execute();
      const items: Recipient[] = rows.map((row) => ({
        id: new URL(row.actor_id),
        inboxId: new URL(row.inbox_url),
        endpoints: row.shared_inbox_url ? { sharedInbox: new URL(row.shared_inbox_url) } : null,
      }));
      return { items };
    })
    .setCounter(async (_ctx, identifier) => {
      if (!isSection(identifier)) return null;
      const rows = await db().selectFrom("federation_followers").select("actor_id").where("section", "=", identifier).execute();
      return rows.length;
    });

  federation.setNodeInfoDispatcher("/ap/nodeinfo/2.1", async () => ({
    software: { name: "portal", version: "1.0.0" },
    protocols: ["activitypub"],
    openRegistrations: false,
    usage: { users: { total: (await enabledSections(db())).length }, localPosts: 0, localComments: 0 },
  }));

  federation
    .setInboxListeners("/ap/actors/{identifier}/inbox", "/ap/inbox")
    .on(Follow, async (ctx, follow) => {
      const target = ctx.parseUri(follow.objectId);
      if (target?.type !== "actor" || !isSection(target.identifier) || !(await enabledSections(db())).includes(target.identifier)) return;
      const section = target.identifier;
      const follower = await follow.getActor(ctx);
      if (!follower?.id || !follower.inboxId || follower.id.href !== follow.actorId?.href) return;
      await db()
        .insertInto("federation_followers")
        .values({
          section,
          actor_id: follower.id.href,
          inbox_url: follower.inboxId.href,
          shared_inbox_url: follower.endpoints?.sharedInbox?.href ?? null,
        })
        .onConflict((conflict) =>
          conflict.columns(["section", "actor_id"]).doUpdateSet({
            inbox_url: follower.inboxId!.href,
            shared_inbox_url: follower.endpoints?.sharedInbox?.href ?? null,
          }),
        )
        .execute();
      await ctx.sendActivity(
        { identifier: section },
        follower,
        new Accept({
          id: new URL(`#accepts/${crypto.randomUUID()}`, ctx.getActorUri(section)),
          actor: ctx.getActorUri(section),
          object: follow,
        }),
      );
    })
    .on(Undo, async (ctx, undo) => {
      const object = await undo.getObject(ctx);
      if (!(object instanceof Follow) || !undo.actorId || object.actorId?.href !== undo.actorId.href) return;
      const target = ctx.parseUri(object.objectId);
      if (target?.type !== "actor" || !isSection(target.identifier)) return;
      await db()
        .deleteFrom("federation_followers")
        .where("section", "=", target.identifier)
        .where("actor_id", "=", undo.actorId.href)
        .execute();
    })
    .on(Accept, (ctx, accept) => receiveAccept(db(), accept, ctx))
    .on(Reject, (ctx, reject) => receiveReject(db(), reject, ctx))
    .on(Create, (ctx, create) => receiveEvent(db(), create, ctx))
    .on(Update, (ctx, update) => receiveEvent(db(), update, ctx))
    .on(Delete, (_ctx, remove) => receiveRemoteDelete(db(), remove))
    .onError((_ctx, error) => logger.warn({ err: error }, "federation: an inbox activity failed"));

  return federation;
}
