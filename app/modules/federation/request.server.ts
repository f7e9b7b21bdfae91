import type { Kysely } from "kysely";
import type { DB } from "#db/schema.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import type { PortalFederation } from "./federation.server.ts";
import { guardInbox, isInboxPath } from "./inbox-guard.server.ts";
import { getFederation } from "./portal.server.ts";

// The two resource routes (/.well-known/* and /ap/*) hand their request here: inbox posts pass
// the guard first, then Fedify answers (WebFinger, NodeInfo, actors, objects, collections, inbox).

const plain = (status: number, text: string) =>
  new Response(`${text}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export async function answerFederation(
  request: Request,
  federation: PortalFederation = getFederation(),
  db: Kysely<DB> = getDb() as Kysely<DB>,
): Promise<Response> {
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
