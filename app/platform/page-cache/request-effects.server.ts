import { isbot } from "isbot";
import { createContext, type RouterContextProvider } from "react-router";
import { isHeadRequest } from "#app/platform/http/head-request.ts";

/**
 * What serving a page should count (an item's view, a reklama's impressions): loaders record
 * it here as data, kept with a cached page; the page middleware applies it on every serve,
 * from the cache too, and never for crawlers. What each kind of effect does is its domain's
 * (definePageEffect: analytics/page-effects.server.ts); the page cache only carries them.
 */
export type PageEffects = {
  /** Recorded items by effect name. */
  recorded: Record<string, unknown[]>;
  /** The page shows something not yet public (an owner's or staff preview): never cached, never indexed. */
  unpublished?: boolean;
};

export const pageEffectsContext = createContext<PageEffects | null>(null);

export function newPageEffects(): PageEffects {
  return { recorded: {} };
}

function effectsOf(context: Readonly<RouterContextProvider>): PageEffects | null {
  try {
    return context.get(pageEffectsContext);
  } catch {
    return null;
  }
}

export function markUnpublished(context: Readonly<RouterContextProvider>): void {
  const effects = effectsOf(context);
  if (effects) effects.unpublished = true;
}

type RequestArgs = { request: Request; context: Readonly<RouterContextProvider> };

const effectAppliers = new Map<string, (args: RequestArgs, items: unknown[]) => void>();

/**
 * A kind of page effect: `apply` runs with the items loaders recorded, on each countable serve.
 * Returns the recorder loaders call. Defined where its recorder lives, so an effect is always
 * defined before a page can carry it.
 */
export function definePageEffect<Item>(name: string, apply: (args: RequestArgs, items: Item[]) => void) {
  effectAppliers.set(name, apply as (args: RequestArgs, items: unknown[]) => void);
  return (context: Readonly<RouterContextProvider>, items: readonly Item[]): void => {
    const effects = effectsOf(context);
    if (effects) (effects.recorded[name] ??= []).push(...items);
  };
}

/** Crawlers, requests without a user agent (as in the visit log), link previews and speculative prefetches are not visits. */
export function isCountableVisit(request: Request): boolean {
  if (request.method !== "GET" || isHeadRequest(request)) return false;
  const purpose = request.headers.get("sec-purpose") ?? request.headers.get("purpose") ?? "";
  if (purpose.includes("prefetch")) return false;
  const userAgent = request.headers.get("user-agent")?.trim() ?? "";
  return userAgent !== "" && !isbot(userAgent);
}

export function applyPageEffects(args: RequestArgs, effects: PageEffects): void {
  if (!isCountableVisit(args.request)) return;
  for (const [name, items] of Object.entries(effects.recorded)) if (items.length) effectAppliers.get(name)?.(args, items);
}
