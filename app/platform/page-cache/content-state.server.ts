import { sql, type Expression, type Kysely } from "kysely";
import type { DB } from "#db/schema.ts";
import { getConfig } from "#app/platform/config/config.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";

// What the anonymous page cache needs to know about the database: the version of every
// table pages are built from (bumped by triggers, migrations/0003) and the next moment at
// which time alone changes what is public (a scheduled item goes live, an event ends, a
// reklama campaign or an advert runs out). Polled at most once per CONTENT_POLL_MS per process.
// Which tables hold content and when time changes them is the domains' knowledge: they hand
// it in through registerTimedChange (app/page-cache-sources.server.ts, imported by the entry).

// With PostgreSQL every change also arrives by NOTIFY (content-notify.server.ts); the poll is
// then only the fallback, and CONTENT_POLL_MS may lengthen it (tests set it long to prove it).

/** A table whose changes a kept value depends on: its row in `content_versions` is bumped by a trigger. */
export type VersionedTable = keyof DB & string;

/**
 * A source of time-driven changes: the SQL of the next moment time alone changes what pages
 * show (null when none is scheduled), and the tables whose values it concerns (every timed
 * value when omitted).
 */
export type TimedChange = { tables?: readonly VersionedTable[]; nextMoment: () => Expression<Date | string | null> };

const timedChanges: TimedChange[] = [];

/** Called once per source at the app's start, by the domain that knows the moments. */
export function registerTimedChange(change: TimedChange): void {
  if (!timedChanges.includes(change)) timedChanges.push(change);
}

export type ContentState = {
  versions: ReadonlyMap<string, number>;
  /** Epoch ms of the next time-driven change of each registered source; Infinity when none is scheduled. */
  nextChanges: ReadonlyArray<{ tables?: readonly string[]; at: number }>;
  fetchedAt: number;
};

async function poll(db: Kysely<DB>): Promise<ContentState> {
  const now = Date.now();
  const sources = [...timedChanges];
  const [versions, next] = await Promise.all([
    db.selectFrom("content_versions").select(["name", "version"]).execute(),
    sources.length
      ? sql<
          Record<string, Date | string | null>
        >`select ${sql.join(sources.map((source, index) => sql`(${source.nextMoment()}) as ${sql.ref(`m${index}`)}`))}`.execute(db)
      : Promise.resolve({ rows: [] as Array<Record<string, Date | string | null>> }),
  ]);
  const row = next.rows[0];
  const at = (value: Date | string | null | undefined) => (value ? new Date(value).getTime() : Infinity);
  return {
    versions: new Map(versions.map((v) => [v.name, Number(v.version)])),
    nextChanges: sources.map((source, index) => ({ tables: source.tables, at: at(row?.[`m${index}`]) })),
    fetchedAt: now,
  };
}

/** The polled state of one process: made once at start and handed to requests in their context. */
export type ContentStatePoller = {
  /** The current state, polled again when older than the poll interval; concurrent callers share one poll. */
  get(): Promise<ContentState>;
  /**
   * Forget the polled state, so the next request reads it again (after a write in this
   * process, on a NOTIFY from another process, in tests).
   */
  reset(): void;
};

export function createContentState({ db, pollMs }: { db: () => Kysely<DB>; pollMs: () => number }): ContentStatePoller {
  let state: ContentState | undefined;
  let inflight: Promise<ContentState> | undefined;
  /** Bumped by reset: a poll that started before a reset must not be kept. */
  let generation = 0;
  return {
    async get() {
      if (state && Date.now() - state.fetchedAt < pollMs()) return state;
      if (inflight) return inflight;
      const started = generation;
      const current = poll(db())
        .then((fresh) => {
          if (started === generation) state = fresh;
          return fresh;
        })
        .finally(() => {
          if (inflight === current) inflight = undefined;
        });
      inflight = current;
      return current;
    },
    reset() {
      state = undefined;
      inflight = undefined;
      generation++;
    },
  };
}

// The process's poller (app-context.server.ts provides the one made at start), read by the
// page cache and reset by writes and NOTIFYs.
let processPoller: ContentStatePoller | undefined;

export function setContentState(poller: ContentStatePoller): void {
  processPoller = poller;
}

/** The process's poller: the one provided at start, else one on the registered database and config. */
function processContentState(): ContentStatePoller {
  return (processPoller ??= createContentState({ db: () => getDb(), pollMs: () => getConfig().contentPollMs }));
}

/** The current state, polled again when older than CONTENT_POLL_MS; concurrent callers share one poll. */
export function getContentState(): Promise<ContentState> {
  return processContentState().get();
}

/** Forget the polled state, so the next request reads it again (see ContentStatePoller.reset). */
export function resetContentState(): void {
  processContentState().reset();
}

/** What a value built from some tables was built on: their versions, and until when time leaves it true. */
export type Stamp = { versions: number[]; validUntil: number };

/**
 * The one rule for everything kept per content version (kept pages, the shell's values, list
 * totals): it is current while none of its `deps` changed and, when `timed`, until time alone
 * changes what they show (the registered time-driven changes that concern them).
 */
export function stampFor(deps: readonly string[], state: ContentState, { timed = true, maxAgeMs = Infinity } = {}): Stamp {
  let byTime = Infinity;
  if (timed) {
    for (const change of state.nextChanges)
      if (!change.tables || deps.some((table) => change.tables!.includes(table))) byTime = Math.min(byTime, change.at);
  }
  return { versions: deps.map((table) => state.versions.get(table) ?? 0), validUntil: Math.min(Date.now() + maxAgeMs, byTime) };
}

export function isCurrent(stamp: Stamp, deps: readonly string[], state: ContentState): boolean {
  return Date.now() < stamp.validUntil && deps.every((table, index) => (state.versions.get(table) ?? 0) === stamp.versions[index]);
}

/**
 * Values built from `deps` tables, by key, kept in this process while current (stampFor):
 * at most `max` keys, the least recently built dropped first. A failed load is not kept.
 */
export function keyedByVersion<T>(deps: readonly VersionedTable[], { timed = false, max = 1 } = {}) {
  const kept = new Map<string, { value: Promise<T>; stamp: Stamp }>();
  return async (key: string, load: () => Promise<T>): Promise<T> => {
    const state = await getContentState();
    const entry = kept.get(key);
    if (entry && isCurrent(entry.stamp, deps, state)) return entry.value;
    const fresh = { value: load(), stamp: stampFor(deps, state, { timed }) };
    kept.delete(key);
    kept.set(key, fresh);
    if (kept.size > max) kept.delete(kept.keys().next().value!);
    fresh.value.catch(() => {
      if (kept.get(key) === fresh) kept.delete(key);
    });
    return fresh.value;
  };
}

/** One value built from `deps`: what every uncached page reads the same way (the shell's settings and footer pages). */
export function cachedByVersion<T>(deps: readonly VersionedTable[], load: () => Promise<T>, { timed = false } = {}): () => Promise<T> {
  const read = keyedByVersion<T>(deps, { timed });
  return () => read("", load);
}
