import { isbot } from "isbot";
import { createContext, type RouterContextProvider } from "react-router";
import { isHeadRequest } from "#app/modules/http/head-request.ts";
import { utcDay } from "#app/modules/analytics/days.ts";
import { carriedVisitorId, requestVisitorHash } from "#app/modules/analytics/request-visitor.server.ts";
import { countImpressions, countViews, type CountedVisitor, type ViewTable } from "#app/modules/analytics/counters.server.ts";

/**
 * What serving a page should count: the item it shows (a view) and the reklama it displays
 * (impressions). Loaders record them here; the page middleware counts them on every serve,
 * from the cache too, and never for crawlers; a view counts once per visitor and day.
 */
export type PageEffects = {
  views: Array<{ table: ViewTable; id: number }>;
  impressions: number[];
  /** The page shows something not yet public (an owner's or staff preview): never cached, never indexed. */
  unpublished?: boolean;
};

export const pageEffectsContext = createContext<PageEffects | null>(null);

export function newPageEffects(): PageEffects {
  return { views: [], impressions: [] };
}

function effectsOf(context: Readonly<RouterContextProvider>): PageEffects | null {
  try {
    return context.get(pageEffectsContext);
  } catch {
    return null;
  }
}

export function recordView(context: Readonly<RouterContextProvider>, table: ViewTable, id: number): void {
  effectsOf(context)?.views.push({ table, id });
}

export function markUnpublished(context: Readonly<RouterContextProvider>): void {
  const effects = effectsOf(context);
  if (effects) effects.unpublished = true;
}

export function recordImpressions(context: Readonly<RouterContextProvider>, ids: readonly number[]): void {
  effectsOf(context)?.impressions.push(...ids);
}

/** Crawlers, requests without a user agent (as in the visit log), link previews and speculative prefetches are not visits. */
export function isCountableVisit(request: Request): boolean {
  if (request.method !== "GET" || isHeadRequest(request)) return false;
  const purpose = request.headers.get("sec-purpose") ?? request.headers.get("purpose") ?? "";
  if (purpose.includes("prefetch")) return false;
  const userAgent = request.headers.get("user-agent")?.trim() ?? "";
  return userAgent !== "" && !isbot(userAgent);
}

type RequestArgs = { request: Request; context: Readonly<RouterContextProvider> };

/** The visitor a request counts as today: the visit log's hash, from nothing the response sets. */
export async function countedVisitor(args: RequestArgs): Promise<CountedVisitor> {
  const now = new Date();
  return { day: utcDay(now), hash: await requestVisitorHash(args, carriedVisitorId(args.request), now) };
}

export function applyPageEffects(args: RequestArgs, effects: PageEffects): void {
  if (!isCountableVisit(args.request)) return;
  if (effects.views.length) countViews(effects.views, countedVisitor(args));
  if (effects.impressions.length) countImpressions(effects.impressions);
}
