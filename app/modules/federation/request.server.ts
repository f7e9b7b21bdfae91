import type { Kysely } from "kysely";
import type { DB, FederationSection } from "#db/schema.ts";
import { publiclyVisible } from "#app/modules/content/visibility.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import type { PortalFederation } from "./federation.server.ts";
import { guardInbox, isInboxPath } from "./inbox-guard.server.ts";
import { apPaths } from "./objects.server.ts";
import { getFederation } from "./portal.server.ts";

// The two resource routes (/.well-known/* and /ap/*) hand their request here: inbox posts pass
// the guard first, then Fedify answers (WebFinger, NodeInfo, actors, objects, collections, inbox).

const plain = (status: number, text: string) =>
  new Response(`${text}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

const BY_SLUG = /^\/ap\/by-slug\/(news|events)\/([^/]{1,200})$/;

/** An item page asked for as ActivityPub (server/activity-negotiation.ts): on to its object's address. */
async function bySlug(db: Kysely<DB>, section: FederationSection, slug: string): Promise<Response> {
  const table = section === "news" ? "news" : "posters";
  const row = await db
    .selectFrom(table)
    .select("id")
    .where("slug", "=", decodeURIComponent(slug))
    .where(publiclyVisible(table))
    .executeTakeFirst();
  if (!row) return plain(404, "Not found");
  return new Response(null, { status: 303, headers: { Location: apPaths.object(section, row.id), "Cache-Control": "no-store" } });
}

export async function answerFederation(
  request: Request,
  federation: PortalFederation = getFederation(),
  db: Kysely<DB> = getDb() as Kysely<DB>,
): Promise<Response> {
  const slugged = request.method === "GET" ? BY_SLUG.exec(new URL(request.url).pathname) : null;
  if (slugged) return bySlug(db, slugged[1] as FederationSection, slugged[2]!).catch(() => plain(400, "Bad request"));
  let forwarded = request;
  if (request.method === "POST" && isInboxPath(new URL(request.url).pathname)) {
    const guarded = await guardInbox(db, request);
    if (guarded instanceof Response) return guarded;
    forwarded = guarded;
  }
  return federation.fetch(forwarded, {
    contextData: undefined,
    onNotFound: () => plain(404, "Not found"),
    onNotAcceptable: () => plain(406, "Ask for application/activity+json"),
    onUnauthorized: () => plain(401, "Unauthorized"),
  });
}
