import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import type { CategoryKind } from "#db/schema.ts";
import { requirePermission } from "#app/modules/auth/guards.server.ts";
import type { SessionUser } from "#app/modules/auth/session.server.ts";
import { CATEGORY_TYPES, isCategoryType, type CategoryType } from "#app/modules/staff-content/registry.ts";
import { parseId } from "#app/modules/http/ids.ts";
import { badRequest, notFound } from "#app/modules/http/errors.ts";

type Args = { context: Readonly<RouterContextProvider>; url: URL; params: Record<string, string | undefined> };

/** The category editor's content type from the URL (404 for a type without categories) and the permission. */
export function requireCategoryAccess(args: Args): { type: CategoryType; kind: CategoryKind; user: SessionUser } {
  const type = args.params.type;
  if (!isCategoryType(type)) notFound();
  const user = requirePermission(args, "categories.manage");
  return { type, kind: CATEGORY_TYPES[type], user };
}

/** A taxonomy form's answer with errors: status 400 and the form it belongs to. */
export function termReply(formId: string, submission: { reply(options?: { fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]> }, fieldErrors?: Record<string, string[]>) {
  return data({ formId, result: submission.reply(fieldErrors ? { fieldErrors } : undefined) }, { status: 400 });
}

export function positiveId(value: FormDataEntryValue | null): number {
  const id = parseId(value);
  if (id === null) badRequest();
  return id;
}
