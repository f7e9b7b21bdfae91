import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from "@fedify/fedify";
import { sql, type Kysely } from "kysely";
import type { DB } from "#db/schema.ts";
import { getDb } from "#app/platform/db/db.server.ts";

// Fedify's key/value store (remote documents and keys it cached, activity ids it has seen,
// follow-up state) in the portal's own database, one table for every process: `federation_kv`.
// A key is Fedify's tuple as JSON text (`["a","b"]`): the tuple's prefix ["a"] is the text's
// prefix `["a",` (or the whole `["a"]`), so a listing is one indexed range scan.
// An expired row is treated as absent and removed by the next write of it or by `sweep`.

const encode = (key: KvKey) => JSON.stringify(key);

type Ttl = NonNullable<KvStoreSetOptions["ttl"]>;

function expiry(ttl: Ttl | undefined): Date | null {
  return ttl ? new Date(Date.now() + ttl.total({ unit: "milliseconds" })) : null;
}

const live = sql<boolean>`(expires_at is null or expires_at > now())`;

export class KyselyKvStore implements KvStore {
  readonly #db: () => Kysely<DB>;

  constructor(db: () => Kysely<DB> = getDb) {
    this.#db = db;
  }

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const row = await this.#db().selectFrom("federation_kv").select("value").where("key", "=", encode(key)).where(live).executeTakeFirst();
    return row === undefined ? undefined : (row.value as T);
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const values = { key: encode(key), value: JSON.stringify(value ?? null), expires_at: expiry(options?.ttl) };
    await this.#db()
      .insertInto("federation_kv")
      .values(values)
      .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: values.value, expires_at: values.expires_at }))
      .execute();
  }

  async delete(key: KvKey): Promise<void> {
    await this.#db().deleteFrom("federation_kv").where("key", "=", encode(key)).execute();
  }

  /** Compare-and-swap in one statement: the row is written only while it still holds `expected` (absent: undefined). */
  async cas(key: KvKey, expected: unknown, value: unknown, options?: KvStoreSetOptions): Promise<boolean> {
    const json = JSON.stringify(value ?? null);
    const expiresAt = expiry(options?.ttl);
    const db = this.#db();
    if (expected === undefined) {
      // Absent, or present but expired.
      const { rows } = await sql<{ key: string[] }>`
        insert into federation_kv (key, value, expires_at) values (${encode(key)}, ${json}::jsonb, ${expiresAt})
        on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at
          where federation_kv.expires_at is not null and federation_kv.expires_at <= now()
        returning key`.execute(db);
      return rows.length === 1;
    }
    const { rows } = await sql<{ key: string[] }>`
      update federation_kv set value = ${json}::jsonb, expires_at = ${expiresAt}
      where key = ${encode(key)} and ${live} and value = ${JSON.stringify(expected)}::jsonb
      returning key`.execute(db);
    return rows.length === 1;
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    let query = this.#db().selectFrom("federation_kv").select(["key", "value"]).where(live).orderBy("key");
    if (prefix?.length) {
      const exact = encode(prefix);
      query = query.where((eb) =>
        eb.or([eb("key", "=", exact), eb(sql<boolean>`starts_with(key, ${`${exact.slice(0, -1)},`})`, "=", true)]),
      );
    }
    for (const row of await query.execute()) yield { key: JSON.parse(row.key) as KvKey, value: row.value };
  }

  /** Removes expired rows (the daily sweep job). */
  async sweep(): Promise<number> {
    const result = await this.#db().deleteFrom("federation_kv").where("expires_at", "<=", new Date()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
