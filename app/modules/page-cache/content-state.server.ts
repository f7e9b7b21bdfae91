import { sql, type Kysely } from "kysely";
import { createContext, type RouterContextProvider } from "react-router";
import type { DB } from "#db/schema.ts";
import { getConfig } from "#app/modules/config/config.server.ts";
import { publishedUntrashed, scheduledPublication } from "#app/modules/content/visibility.server.ts";
import { getDb } from "#app/modules/db/db.server.ts";
import { CONTENT_TYPES, contentSpecs, type StaffTable, type TagTable } from "#app/modules/staff-content/types.ts";
import { lifecycleOf } from "#app/modules/staff-content/lifecycle.ts";

// What the anonymous page cache needs to know about the database: the version of every
// table pages are built from (bumped by triggers, migrations/0003) and the next moment at
// which time alone changes what is public (a scheduled item goes live, an event ends, a
// reklama campaign or an advert runs out). Polled at most once per CONTENT_POLL_MS per process.

// With PostgreSQL every change also arrives by NOTIFY (content-notify.server.ts); the poll is
// then only the fallback, and CONTENT_POLL_MS may lengthen it (tests set it long to prove it).

/** Tables whose changes concern adverts only; everything else is staff content. */
export const ADVERT_TABLES = ["advertisements", "advertisement_images", "advert_fields", "advert_field_values"] as const;
const SHARED_TABLES = ["categories", "tags", "locations", "settings", "images"] as const;
/** Every table a staff content page is built from (shell included: settings, pages): the registry's staff types, their tag links, the shared tables. */
export const CONTENT_TABLES: ReadonlyArray<StaffTable | TagTable | (typeof SHARED_TABLES)[number]> = [
  ...CONTENT_TYPES.filter((type): type is StaffTable => !(ADVERT_TABLES as readonly string[]).includes(type)),
  ...contentSpecs().flatMap((spec) => (spec.tags ? [spec.tags.table] : [])),
  ...SHARED_TABLES,
];
/** Public pages show an author's or a seller's name: migrations/0018 bumps `users` when that changes. */
const PEOPLE_TABLES = ["users"] as const;
/** An event page shows how many are going: migrations/0022 bumps `poster_rsvps`. */
const RSVP_TABLES = ["poster_rsvps"] as const;
export type VersionedTable = (typeof CONTENT_TABLES)[number] | (typeof ADVERT_TABLES)[number] | (typeof PEOPLE_TABLES)[number] | (typeof RSVP_TABLES)[number];

export type ContentState = {
  versions: ReadonlyMap<string, number>;
  /** Epoch ms of the next time-driven change, per group; Infinity when none is scheduled. */
  nextChange: { content: number; adverts: number };
  fetchedAt: number;
};

/** The next moment each staff type's `published_at` and timeline columns reach (trusted constants of the registry). */
function staffMoments() {
  return contentSpecs()
    .filter((spec) => lifecycleOf(spec).scheduled)
    .flatMap((spec) => [
      sql`(select min(published_at) from ${sql.table(spec.table)} where ${scheduledPublication(spec.table)})`,
      ...(spec.timeline ?? []).map(
        (moment) => sql`(select min(${sql.raw(moment)}) from ${sql.table(spec.table)} where ${publishedUntrashed(spec.table)} and ${sql.raw(moment)} > now())`,
      ),
    ]);
}

async function poll(db: Kysely<DB>): Promise<ContentState> {
  const now = Date.now();
  const [versions, next] = await Promise.all([
    db.selectFrom("content_versions").select(["name", "version"]).execute(),
    sql<{ content: Date | null; adverts: Date | null }>`select
      least(${sql.join(staffMoments())}) as content,
      least(
        (select min(published_at) from advertisements where status = 'published' and published_at > now()),
        (select min(expires_at) from advertisements where status = 'published' and expires_at > now())
      ) as adverts`.execute(db),
  ]);
  const row = next.rows[0];
  const at = (value: Date | string | null | undefined) => (value ? new Date(value).getTime() : Infinity);
  return {
    versions: new Map(versions.map((v) => [v.name, Number(v.version)])),
    nextChange: { content: at(row?.content), adverts: at(row?.adverts) },
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

export const contentStateContext = createContext<ContentStatePoller>();

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
export function processContentState(): ContentStatePoller {
  return (processPoller ??= createContentState({ db: () => getDb(), pollMs: () => getConfig().contentPollMs }));
}

function poller(context?: Readonly<RouterContextProvider>): ContentStatePoller {
  return context ? context.get(contentStateContext) : processContentState();
}

/** The current state, polled again when older than CONTENT_POLL_MS; concurrent callers share one poll. */
export function getContentState(context?: Readonly<RouterContextProvider>): Promise<ContentState> {
  return poller(context).get();
}

/** Forget the polled state, so the next request reads it again (see ContentStatePoller.reset). */
export function resetContentState(context?: Readonly<RouterContextProvider>): void {
  poller(context).reset();
}

function isAdvertTable(table: string): boolean {
  return (ADVERT_TABLES as readonly string[]).includes(table);
}

/** What a value built from some tables was built on: their versions, and until when time leaves it true. */
export type Stamp = { versions: number[]; validUntil: number };

/**
 * The one rule for everything kept per content version (kept pages, the shell's values, list
 * totals): it is current while none of its `deps` changed and, when `timed`, until time alone
 * changes what they show (a scheduled item going live; for advert tables an advert expiring).
 */
export function stampFor(deps: readonly string[], state: ContentState, { timed = true, maxAgeMs = Infinity } = {}): Stamp {
  const byTime = !timed ? Infinity : deps.some(isAdvertTable) ? Math.min(state.nextChange.content, state.nextChange.adverts) : state.nextChange.content;
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
