// db/generated.ts must be what `npm run db:types` writes for the migrated database, and the
// value types db/codegen.ts picks for CHECK-listed text columns must list the same values.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { generateSchemaTypes, VALUE_TYPES } from "#db/codegen.ts";
import {
  ADVERT_KINDS,
  ADVERT_FIELD_KINDS,
  ADVERT_STATUSES,
  ALERT_FREQUENCIES,
  CATEGORY_KINDS,
  CONTENT_STATUSES,
  CURRENCIES,
  LOCALES,
  PRICE_KINDS,
  REKLAMA_PLACEMENTS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  TOKEN_PURPOSES,
  EXPIRY_MAIL_KINDS,
  MESSAGE_MAIL_CHOICES,
  USER_ROLES,
  SUBMISSION_STATES,
  RSVP_STATUSES,
  ORGANISATION_ROLES,
  NOTICE_KINDS,
  GUIDE_TOPICS,
  USER_DOCUMENT_KINDS,
  FEDERATION_SECTIONS,
  FEDERATION_KEY_ALGORITHMS,
  FEDERATION_FOLLOW_STATES,
} from "#db/schema.ts";
import { useTestDatabase } from "../support/db.ts";

const t = useTestDatabase({ register: false });

/** The values each union type of db/schema.ts allows. */
const UNION_VALUES: Record<string, readonly string[]> = {
  UserRole: USER_ROLES,
  AdvertFieldKind: ADVERT_FIELD_KINDS,
  Locale: LOCALES,
  TokenPurpose: TOKEN_PURPOSES,
  ExpiryMailKind: EXPIRY_MAIL_KINDS,
  MessageMail: MESSAGE_MAIL_CHOICES,
  CategoryKind: CATEGORY_KINDS,
  ContentStatus: CONTENT_STATUSES,
  ReklamaPlacement: REKLAMA_PLACEMENTS,
  Currency: CURRENCIES,
  PriceKind: PRICE_KINDS,
  AdvertStatus: ADVERT_STATUSES,
  AdvertKind: ADVERT_KINDS,
  StoredReportTarget: [...REPORT_TARGET_TYPES, "conversation", "rating"],
  ReportReason: REPORT_REASONS,
  ReportStatus: REPORT_STATUSES,
  AlertFrequency: ALERT_FREQUENCIES,
  SubmissionState: SUBMISSION_STATES,
  RsvpStatus: RSVP_STATUSES,
  OrganisationRole: ORGANISATION_ROLES,
  NoticeKind: NOTICE_KINDS,
  GuideTopic: GUIDE_TOPICS,
  UserDocumentKind: USER_DOCUMENT_KINDS,
  FederationSection: FEDERATION_SECTIONS,
  FederationKeyAlgorithm: FEDERATION_KEY_ALGORITHMS,
  FederationFollowState: FEDERATION_FOLLOW_STATES,
};

describe("database types", () => {
  it("db/generated.ts is up to date with the migrations (run `npm run db:types` if not)", async () => {
    const committed = await readFile(path.resolve(import.meta.dirname, "../../db/generated.ts"), "utf8");
    expect(await generateSchemaTypes(t.db)).toBe(committed);
  });

  it("every text column with a CHECK list has a union type holding exactly that list", async () => {
    const checks = await sql<{ table: string; definition: string }>`
      select conrelid::regclass::text as table, pg_get_constraintdef(oid) as definition
      from pg_constraint where contype = 'c' and connamespace = 'public'::regnamespace`.execute(t.db);
    const lists = new Map<string, string[]>();
    for (const { table, definition } of checks.rows) {
      // CHECK ((role = ANY (ARRAY['user'::text, 'editor'::text, 'admin'::text])))
      const match = /^CHECK \(\((\w+) = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(definition);
      if (match)
        lists.set(
          `${table}.${match[1]}`,
          [...match[2].matchAll(/'([^']*)'::text/g)].map((value) => value[1]),
        );
    }
    expect(lists.size).toBeGreaterThan(10);
    for (const [column, values] of lists) {
      const type = VALUE_TYPES[column];
      expect(type, `${column} needs a union type in db/codegen.ts VALUE_TYPES`).toBeDefined();
      expect(UNION_VALUES[type], `${column}: ${type} is not a union of db/schema.ts`).toBeDefined();
      expect([...UNION_VALUES[type]].sort(), column).toEqual([...values].sort());
    }
  });
});
