import { z } from "zod";
import type { Locale } from "#db/schema.ts";
import { languageOf, localizePath } from "#app/i18n/locales.ts";
import { defineJob, enqueue, MAIL_QUEUE } from "#app/platform/jobs/queue.server.ts";
import type { SentMail } from "#app/platform/mail/mailer.server.ts";
import { siteNameIn } from "#app/platform/mail/compose.server.ts";
import { sendTemplateMail } from "#app/platform/mail/template.server.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { getDb } from "#app/platform/db/db.server.ts";
import { deviceSchema, type Device } from "./device-label.ts";
import { SECURITY_EVENTS, securityMail, type SecurityEvent } from "./mails/security.ts";
import { issueToken } from "./tokens.server.ts";
import { findUserById } from "./users.server.ts";

// "Something changed on your account" mails: each in the owner's language, each with a
// "this wasn't me" link that signs out everywhere and mails a password reset.

export type { SecurityEvent };

const securityMailPayload = z.object({
  userId: z.number().int(),
  event: z.enum(SECURITY_EVENTS),
  // A string from jobs queued before devices were kept as parts.
  device: z.union([deviceSchema, z.string()]).nullable(),
  at: z.iso.datetime(),
  origin: z.url(),
  removedPasskeys: z.object({ names: z.array(z.string()), unknown: z.boolean() }).optional(),
  // Another address than the account's: the old one, after an email change.
  to: z.string().optional(),
});

/**
 * Queues the mail about `event` for the account's owner; the worker writes and sends it.
 * `removedPasskeys`: what account recovery removed, named in the mail. `to`: the address that
 * no longer is the account's, after an email change (its "this wasn't me" gives it back).
 */
export async function queueSecurityMail(mail: {
  userId: number;
  event: SecurityEvent;
  device?: Device | null;
  removedPasskeys?: { names: string[]; unknown: boolean };
  to?: string;
}): Promise<void> {
  await enqueue(securityMailJob, {
    userId: mail.userId,
    event: mail.event,
    device: mail.device ?? null,
    at: new Date().toISOString(),
    origin: publicOrigin(),
    ...(mail.removedPasskeys && mail.removedPasskeys.names.length > 0 ? { removedPasskeys: mail.removedPasskeys } : {}),
    ...(mail.to ? { to: mail.to } : {}),
  });
}

function linkTo(origin: string, locale: Locale, path: string): string {
  return new URL(localizePath(path, locale), origin).href;
}

/** The job: the mail in the owner's language, with a fresh "this wasn't me" link. */
async function sendSecurityMail(job: z.output<typeof securityMailPayload>): Promise<SentMail | null> {
  const user = await findUserById(job.userId);
  if (!user || user.blocked_at) return null;
  const language = languageOf(user.preferred_locale);
  const site = await siteNameIn(language);
  // Issued as of the event, so "this wasn't me" knows from when to distrust passkeys (not-me.server.ts).
  // Sent to an old address, the link carries it: "this wasn't me" makes it the account's again.
  const token = await issueToken(user.id, "not_me", new Date(job.at), null, getDb(), job.to ?? null);
  const notMe = `${linkTo(job.origin, user.preferred_locale, "/not-me")}?token=${token}`;
  const data = {
    event: job.event,
    name: user.name || user.email,
    site,
    device: job.device,
    at: new Date(job.at),
    notMe,
    ...(job.removedPasskeys ? { removedPasskeys: job.removedPasskeys } : {}),
  };
  return sendTemplateMail(securityMail, data, { to: job.to ?? user.email, language, link: notMe, fromName: site });
}

export const securityMailJob = defineJob({
  name: "mail-security",
  schema: securityMailPayload,
  queue: MAIL_QUEUE,
  handler: sendSecurityMail,
});
