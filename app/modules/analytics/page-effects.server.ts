import type { RouterContextProvider } from "react-router";
import { definePageEffect } from "#app/platform/page-cache/request-effects.server.ts";
import { utcDay } from "./days.ts";
import { carriedVisitorId, requestVisitorHash } from "./request-visitor.server.ts";
import { countImpressions, countViews, type CountedVisitor, type ViewTable } from "./counters.server.ts";

// What a page counts on every serve, from the page cache too (the cache carries the recorded
// items and applies them, request-effects.server.ts): an item's view once per visitor and
// day, and the impressions of the reklama it shows.

type RequestArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** The visitor a request counts as today: the visit log's hash, from nothing the response sets. */
export async function countedVisitor(args: RequestArgs): Promise<CountedVisitor> {
  const now = new Date();
  return { day: utcDay(now), hash: await requestVisitorHash(args, carriedVisitorId(args.request), now) };
}

const recordViews = definePageEffect<{ table: ViewTable; id: number }>("views", (args, views) => countViews(views, countedVisitor(args)));

const recordImpressionIds = definePageEffect<number>("impressions", (_args, ids) => countImpressions(ids));

export function recordView(context: Readonly<RouterContextProvider>, table: ViewTable, id: number): void {
  recordViews(context, [{ table, id }]);
}

export function recordImpressions(context: Readonly<RouterContextProvider>, ids: readonly number[]): void {
  recordImpressionIds(context, ids);
}
