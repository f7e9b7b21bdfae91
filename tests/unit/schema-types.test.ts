// db/generated.ts must be what `npm run db:types` writes for the migrated database, and the
// value types db/codegen.ts picks for CHECK-listed text columns must list the same values.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkLists, columnValueTypes, generateSchemaTypes } from "#db/codegen.ts";
import { CHECK_UNIONS } from "#db/schema.ts";
import { useTestDatabase } from "../support/db.ts";

const t = useTestDatabase({ register: false });

describe("database types", () => {
  it("db/generated.ts is up to date with the migrations (run `npm run db:types` if not)", async () => {
    const committed = await readFile(path.resolve(import.meta.dirname, "../../db/generated.ts"), "utf8");
    expect(await generateSchemaTypes(t.db)).toBe(committed);
  });

  it("every text column with a CHECK list has a union type holding exactly that list", async () => {
    const lists = await checkLists(t.db);
    const types = await columnValueTypes(t.db);
    expect(lists.size).toBeGreaterThan(10);
    for (const [column, values] of lists) {
      const type = types[column];
      expect(type, `${column} needs its union in db/schema.ts CHECK_UNIONS`).toBeDefined();
      expect(CHECK_UNIONS[type!], `${column}: ${type} is not a union of CHECK_UNIONS`).toBeDefined();
      expect([...CHECK_UNIONS[type!]!].sort(), column).toEqual([...values].sort());
    }
    expect(types["guides.status"]).toBe("ContentStatus");
    expect(types["saved_searches.alert"]).toBe("AlertFrequency");
  });
});
