// A content type that exists only in this test run: "clubs" (a directory like the diaspora
// organisations, at /kluby). Imported first by content-type-registry.test.ts, it adds the type
// to the registry's records before any module that derives from them is loaded, which is what
// the type's lines in registry.ts and types.ts would do. The registry is data read when asked
// or when a module loads, so nothing else is edited. `createThrowawayTable` makes its table.
import { sql, type Kysely } from "kysely";
import { CONTENT_REGISTRY, CONTENT_TYPES, PUBLIC_SECTIONS, publicPathOf } from "#app/modules/staff-content/registry.ts";
import { PUBLIC_SPECS, type DirectoryType } from "#app/modules/staff-content/public-specs.ts";
import { CONTENT_SPECS } from "#app/modules/staff-content/types.ts";
import { installVersionTriggers } from "../../migrations/0003_public_content.ts";

/** Typed as a directory type for the calls the test makes; at run time it is "clubs". */
export const THROWAWAY = "clubs" as DirectoryType;
export const THROWAWAY_SEGMENT = "kluby";

(CONTENT_TYPES as unknown as string[]).push(THROWAWAY);
Object.assign(CONTENT_REGISTRY, { [THROWAWAY]: { managedBy: "staff" } });
Object.assign(PUBLIC_SECTIONS, {
  [THROWAWAY]: { ...PUBLIC_SECTIONS.diaspors, segment: THROWAWAY_SEGMENT, search: 6 },
});
// Like the diaspora organisations, but not sent in by users (it has no cabinet form).
const { submission: _notSubmitted, ...directory } = PUBLIC_SPECS.diaspors;
Object.assign(PUBLIC_SPECS, { [THROWAWAY]: directory });
Object.assign(CONTENT_SPECS, {
  [THROWAWAY]: {
    ...CONTENT_SPECS.diaspors,
    type: THROWAWAY,
    table: THROWAWAY,
    permission: `${THROWAWAY}.manage`,
    // One type per report target: the throwaway one is not reported.
    reportTarget: undefined,
    publicPath: (slug: string) => publicPathOf(THROWAWAY, slug),
  },
});

/** Its table, as its migration would make it: the diaspora table's columns, generated search columns and indexes, and the version triggers. */
export async function createThrowawayTable(db: Kysely<any>): Promise<void> {
  await sql.raw(`create table ${THROWAWAY} (like diaspors including all)`).execute(db);
  await installVersionTriggers(db, THROWAWAY, "all");
  await sql`insert into content_versions (name) values (${THROWAWAY}) on conflict do nothing`.execute(db);
}
