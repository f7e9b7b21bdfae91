import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { requirePermission } from "#app/modules/auth/guards.server.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { badRequest } from "#app/platform/http/errors.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { parseId } from "#app/platform/http/ids.ts";
import { submissionDecisionSchema } from "./decision-schema.ts";
import { decideSubmission } from "./moderation.server.ts";

// The moderation queue's action for a submission: the decision parsed, the type's own
// `<type>.manage` checked, then approved or rejected. A bad reason comes back (400) to the
// form of that submission (`target`).

export async function submissionDecisionAction({
  form,
  context,
  url,
  here,
}: {
  form: FormData;
  context: Readonly<RouterContextProvider>;
  url: URL;
  here: string;
}) {
  const submission = parseWithZod(form, { schema: submissionDecisionSchema });
  if (submission.status !== "success") {
    const id = parseId(submission.payload.id);
    if (id === null) badRequest();
    return data({ id: null, target: `${String(submission.payload.type)}-${id}`, result: submission.reply() }, { status: 400 });
  }
  const value = submission.value;
  const user = requirePermission({ context, url }, `${value.type}.manage`);
  const decision =
    value.intent === "submission-approve" ? ({ intent: "approve" } as const) : ({ intent: "reject", reason: value.reason } as const);
  const decided = await decideSubmission(value.type, value.id, decision, user.id, publicOrigin());
  if (!decided) return redirectWithFlash(here, { severity: "warn", message: "submissions:moderation.not_pending" });
  return redirectWithFlash(here, {
    severity: "success",
    message: decision.intent === "approve" ? "submissions:moderation.approved" : "submissions:moderation.rejected",
  });
}
