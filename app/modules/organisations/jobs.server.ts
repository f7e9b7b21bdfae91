import { z } from "zod";
import { languageOf, localizePath } from "#app/i18n/locales.ts";
import type { AnyJob } from "#app/platform/jobs/queue.server.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { defineJob, enqueue, MAIL_QUEUE } from "#app/platform/jobs/queue.server.ts";
import { siteNameIn } from "#app/platform/mail/compose.server.ts";
import type { SentMail } from "#app/platform/mail/mailer.server.ts";
import { sendTemplateMail } from "#app/platform/mail/template.server.ts";
import { organisationInvitationMail } from "./mails/invitation.ts";

// The invitation mail, written by the worker from the invitation as it is then: none when it
// was answered or withdrawn in the meantime, or the account can no longer receive mail.

const ORGANISATIONS_PATH = "/cabinet/organisations";

const invitationPayload = z.object({ organisationId: z.number().int().positive(), userId: z.number().int().positive() });

async function sendInvitation({ organisationId, userId }: z.infer<typeof invitationPayload>): Promise<SentMail | null> {
  const row = await getDb()
    .selectFrom("organisation_members as m")
    .innerJoin("diaspors as d", "d.id", "m.diaspora_id")
    .innerJoin("users as u", "u.id", "m.user_id")
    .leftJoin("users as i", "i.id", "m.invited_by")
    .select(["m.role", "d.name_uk", "d.name_en", "u.email", "u.name", "u.preferred_locale", "i.name as inviter"])
    .where("m.diaspora_id", "=", organisationId)
    .where("m.user_id", "=", userId)
    .where("m.accepted_at", "is", null)
    .where("u.blocked_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  const language = languageOf(row.preferred_locale);
  const site = await siteNameIn(language);
  const link = new URL(localizePath(ORGANISATIONS_PATH, row.preferred_locale), publicOrigin()).href;
  return sendTemplateMail(
    organisationInvitationMail,
    {
      name: row.name || row.email,
      site,
      organisation: { uk: row.name_uk, en: row.name_en },
      role: row.role as "owner" | "editor",
      inviter: row.inviter || null,
      link,
    },
    { to: row.email, language, link, fromName: site },
  );
}

const invitationJob = defineJob({
  name: "mail-organisation-invitation",
  schema: invitationPayload,
  queue: MAIL_QUEUE,
  handler: sendInvitation,
});

/** Queues the invitation's mail (after the invitation is stored). */
export async function mailInvitation(organisationId: number, userId: number): Promise<void> {
  await enqueue(invitationJob, { organisationId, userId });
}

export const organisationsJobs: AnyJob[] = [invitationJob];
