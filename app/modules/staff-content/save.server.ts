import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { getDb } from "#app/platform/db/db.server.ts";
import { isUniqueViolation } from "#app/platform/http/unique-violation.ts";
import { contentFormSchema } from "./form-schema.ts";
import { createItem, updateItem } from "./items.server.ts";
import type { Actor } from "./state.server.ts";
import type { ContentSpec } from "./types.ts";
import { lifecycleOf } from "./lifecycle.ts";
import { storeFormUploads, type ContentPost } from "./uploads.server.ts";
import { prepareValues } from "./values.server.ts";

// The whole save of a content form, for the new and the edit pages alike: uploads stored,
// the form validated (zod, then the database's rules), the item created or saved with its
// version checked. Anything but success comes back as conform's result, holding what the
// user typed (and uploaded, as hidden image ids), for the form to show again.

export type SaveResult =
  | { kind: "created"; id: number }
  | { kind: "saved"; version: number }
  | { kind: "invalid"; result: SubmissionResult<string[]> }
  | { kind: "conflict"; result: SubmissionResult<string[]>; version: number; updatedAt: string }
  | { kind: "missing" }
  | { kind: "trashed" };

async function advertOwner(spec: ContentSpec, id: number | undefined, actor: Actor): Promise<number | null> {
  if (!lifecycleOf(spec).ownedByUser) return null;
  if (!id) return actor.id;
  const row = await getDb().selectFrom("advertisements").select("owner_id").where("id", "=", id).executeTakeFirst();
  return row?.owner_id ?? actor.id;
}

/**
 * `created`: columns a new item gets besides the form's (a user's submission: who sent it, its
 * state); `beforeInsert`: a check run in a new item's transaction (createItem).
 */
export async function saveContentForm(
  spec: ContentSpec,
  posted: Pick<ContentPost, "form" | "files">,
  actor: Actor,
  id?: number,
  created: Record<string, unknown> = {},
  beforeInsert?: Parameters<typeof createItem>[3],
): Promise<SaveResult> {
  const formData = posted.form;
  const uploadErrors = await storeFormUploads(spec, formData, posted.files, await advertOwner(spec, id, actor));
  const submission = parseWithZod(formData, { schema: contentFormSchema(spec) });
  if (submission.status !== "success" || Object.keys(uploadErrors).length) {
    return { kind: "invalid", result: submission.reply({ fieldErrors: uploadErrors }) };
  }
  const value = submission.value as Record<string, unknown>;
  const prepared = await prepareValues(spec, value, id);
  if (!prepared.ok) return { kind: "invalid", result: submission.reply({ fieldErrors: prepared.fieldErrors }) };
  try {
    if (!id)
      return {
        kind: "created",
        id: await createItem(spec, { ...prepared.values, columns: { ...prepared.values.columns, ...created } }, actor, beforeInsert),
      };
    const expected = (value.force_version as number | undefined) ?? (value.version as number | undefined) ?? 0;
    const outcome = await updateItem(spec, id, expected, prepared.values, actor);
    if (outcome.status === "conflict") {
      return {
        kind: "conflict",
        result: submission.reply({ formErrors: ["admin:errors.conflict"] }),
        version: outcome.version,
        updatedAt: outcome.updatedAt.toISOString(),
      };
    }
    if (outcome.status === "saved") return { kind: "saved", version: outcome.version };
    return { kind: outcome.status };
  } catch (error) {
    // The slug check (prepareValues) ran before the write: another save may have taken it since.
    if (!isUniqueViolation(error, `${spec.table}_slug_key`)) throw error;
    return { kind: "invalid", result: submission.reply({ fieldErrors: { slug: ["admin:errors.slug_taken"] } }) };
  }
}
