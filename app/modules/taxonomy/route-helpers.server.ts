import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { CategoryKind } from "#db/schema.ts";
import { requirePermission } from "#app/modules/auth/guards.server.ts";
import type { SessionUser } from "#app/modules/auth/session.server.ts";
import { CATEGORY_TYPES, isCategoryType, type CategoryType } from "#app/modules/staff-content/registry.ts";
import { parseId } from "#app/platform/http/ids.ts";
import { badRequest, notFound } from "#app/platform/http/errors.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { locationSchema, termSchema } from "./schemas.ts";
import { createTerm, deleteTerm, renameTerm, type TermTable } from "./terms.server.ts";

type Args = { context: Readonly<RouterContextProvider>; url: URL; params: Record<string, string | undefined> };

/** The category editor's content type from the URL (404 for a type without categories) and the permission. */
export function requireCategoryAccess(args: Args): { type: CategoryType; kind: CategoryKind; user: SessionUser } {
  const type = args.params.type;
  if (!isCategoryType(type)) notFound();
  const user = requirePermission(args, "categories.manage");
  return { type, kind: CATEGORY_TYPES[type], user };
}

/** A taxonomy form's answer with errors: status 400 and the form it belongs to. */
export function termReply(
  formId: string,
  submission: { reply(options?: { fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]> },
  fieldErrors?: Record<string, string[]>,
) {
  return data({ formId, result: submission.reply(fieldErrors ? { fieldErrors } : undefined) }, { status: 400 });
}

export function positiveId(value: FormDataEntryValue | null): number {
  const id = parseId(value);
  if (id === null) badRequest();
  return id;
}

const TERM_FORM: Record<TermTable, string> = { tags: "tag", locations: "location" };

/**
 * The intents the tag and location editors share: create, rename and delete one term, answering with the
 * form's errors or a redirect to `here` with a flash. Null for any other intent, which the route handles.
 */
export async function termIntent(table: TermTable, formData: FormData, here: string, actorId: number) {
  const intent = formData.get("intent");
  if (intent === "create" || intent === "rename") {
    const formId = intent === "create" ? `${TERM_FORM[table]}-new` : `${TERM_FORM[table]}-${formData.get("id")}`;
    const submission = parseWithZod(formData, { schema: table === "locations" ? locationSchema : termSchema });
    if (submission.status !== "success") return termReply(formId, submission);
    const result =
      intent === "create"
        ? await createTerm(table, submission.value, actorId)
        : await renameTerm(table, positiveId(formData.get("id")), submission.value, actorId);
    if (!result.ok) return termReply(formId, submission, { [result.field]: [result.message] });
    return redirectWithFlash(here, { severity: "success", message: `admin:${table}.${intent === "create" ? "created" : "saved"}` });
  }
  if (intent === "delete") {
    const outcome = await deleteTerm(table, positiveId(formData.get("id")), actorId);
    if (outcome === "in_use") return redirectWithFlash(here, { severity: "warn", message: `admin:${table}.in_use` });
    return redirectWithFlash(here, { severity: "success", message: `admin:${table}.deleted` });
  }
  return null;
}
