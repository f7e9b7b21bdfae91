import type { Language } from "#app/i18n/locales.ts";
import { pickLocalized, type LocalizedText } from "#app/platform/format/localized.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { CONTENT_SPECS } from "#app/modules/staff-content/types.ts";
import { registryDb } from "#app/modules/staff-content/tables.server.ts";
import type { SubmissionState } from "#db/schema.ts";
import { headingFields, SUBMISSION_TYPES, type SubmissionType } from "./forms.ts";

// A user's own submissions and where each stands. Only rows the user sent are read, so
// another user's submission is never listed.

/** Waiting for staff, public, rejected with a reason, or approved but no longer public (unpublished or deleted by staff). */
export type SubmissionView = "waiting" | "published" | "rejected" | "withdrawn";

export type OwnSubmission = {
  type: SubmissionType;
  id: number;
  title: LocalizedText;
  state: SubmissionView;
  reason: string | null;
  submittedAt: string;
  /** The public page, while it is public. */
  path: string | null;
};

/** The newest `limit` submissions of the user, of every type. */
export async function ownSubmissions(userId: number, language: Language, limit = 100): Promise<OwnSubmission[]> {
  const lists = await Promise.all(
    SUBMISSION_TYPES.map(async (type) => {
      const heading = headingFields(type);
      // The heading's column differs by type: the registry's view of the tables names columns at run time.
      const rows = (await registryDb(getDb())
        .selectFrom(type)
        .select([
          "id",
          "slug",
          `${heading.uk} as uk`,
          `${heading.en} as en`,
          "status",
          "submission_state",
          "rejection_reason",
          "created_at",
          "deleted_at",
        ])
        .where("submitted_by", "=", userId)
        .orderBy("created_at", "desc")
        .limit(limit)
        .execute()) as Array<{
        id: number;
        slug: string;
        uk: string;
        en: string | null;
        status: string;
        submission_state: SubmissionState | null;
        rejection_reason: string | null;
        created_at: Date;
        deleted_at: Date | null;
      }>;
      return rows.map((row): OwnSubmission & { at: number } => {
        const live = row.status === "published" && row.deleted_at === null;
        const state: SubmissionView =
          row.submission_state === "rejected"
            ? "rejected"
            : live
              ? "published"
              : row.submission_state === "pending" && row.deleted_at === null
                ? "waiting"
                : "withdrawn";
        return {
          type,
          id: row.id,
          title: pickLocalized(row.uk, row.en, language),
          state,
          reason: state === "rejected" ? row.rejection_reason : null,
          submittedAt: new Date(row.created_at).toISOString(),
          path: state === "published" ? CONTENT_SPECS[type].publicPath(row.slug) : null,
          at: new Date(row.created_at).getTime(),
        };
      });
    }),
  );
  return lists
    .flat()
    .sort((a, b) => b.at - a.at)
    .slice(0, limit)
    .map(({ at: _at, ...row }) => row);
}
