import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { formReply } from "#app/modules/auth/responses.server.ts";
import { badRequest, notFound } from "#app/platform/http/errors.ts";
import { redirectWithFlash } from "#app/platform/http/flash.server.ts";
import { inviteMember, removeMember, setMemberRole, setTrusted } from "./members.server.ts";
import { inviteSchema, memberSchema, trustSchema } from "./schemas.ts";

// The membership forms' posts, the same on the dashboard's organisation page (staff, who also
// mark it trusted) and on its cabinet page (owners): invite, change a role, remove, trust.

export const MEMBER_INTENTS = ["invite", "member_role", "remove_member", "trust"] as const;

export function isMemberIntent(intent: unknown): intent is (typeof MEMBER_INTENTS)[number] {
  return typeof intent === "string" && (MEMBER_INTENTS as readonly string[]).includes(intent);
}

/** Answers a membership post: a redirect to `back` with a toast, or 400 with the message at its form. */
export async function membershipAction(form: FormData, options: { organisationId: number; actorId: number; back: string; staff: boolean }) {
  const intent = form.get("intent");
  const { organisationId, actorId, back } = options;
  if (intent === "trust") {
    if (!options.staff) notFound();
    const parsed = trustSchema.safeParse({ trusted: form.get("trusted") ?? undefined });
    if (!parsed.success) badRequest();
    if (!(await setTrusted(organisationId, parsed.data.trusted === "on", actorId))) notFound();
    return redirectWithFlash(back, { severity: "success", message: "organisations:flash.trust_saved" });
  }
  if (intent === "invite") {
    const submission = parseWithZod(form, { schema: inviteSchema });
    if (submission.status !== "success") return formReply("invite", submission.reply(), 400);
    const outcome = await inviteMember({ organisationId, actorId, ...submission.value });
    if (outcome !== "invited")
      return formReply("invite", submission.reply({ fieldErrors: { email: [`organisations:errors.${outcome}`] } }), 400);
    return redirectWithFlash(back, { severity: "success", message: "organisations:flash.invited" });
  }
  const parsed = memberSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) badRequest();
  const change =
    parsed.data.intent === "remove_member"
      ? await removeMember(organisationId, parsed.data.userId, actorId)
      : await setMemberRole(organisationId, parsed.data.userId, parsed.data.role, actorId);
  if (change === "missing") notFound();
  if (change === "last_owner")
    return data({ intent: "member" as const, userId: parsed.data.userId, error: "organisations:errors.last_owner" }, 400);
  return redirectWithFlash(back, {
    severity: "success",
    message: parsed.data.intent === "remove_member" ? "organisations:flash.removed" : "organisations:flash.role_saved",
  });
}
