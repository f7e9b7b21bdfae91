import { z } from "zod";
import type { Locale, User } from "#db/schema.ts";
import { languageOf, localizePath } from "#app/i18n/locales.ts";
import { defineJob, enqueue, MAIL_QUEUE } from "#app/platform/jobs/queue.server.ts";
import type { SentMail } from "#app/platform/mail/mailer.server.ts";
import { siteNameIn } from "#app/platform/mail/compose.server.ts";
import { sendTemplateMail } from "#app/platform/mail/template.server.ts";
import { accountMail, type AccountMailData } from "./mails/account.ts";
import { issueToken } from "./tokens.server.ts";
import { findUserByEmail, findUserById } from "./users.server.ts";

// The account messages (verify email, reset password, "you already have an account"),
// each in the recipient's preferred locale, with links to this portal's origin. A request
// queues them (queue*Mail); the job worker issues the link's token and sends (sendAccountMail).

type Recipient = Pick<User, "id" | "email" | "name" | "preferred_locale">;

async function send(recipient: Recipient, kind: AccountMailData["kind"], link: string, forgotLink?: string): Promise<SentMail> {
  const language = languageOf(recipient.preferred_locale);
  const site = await siteNameIn(language);
  return sendTemplateMail(
    accountMail,
    { kind, name: recipient.name || recipient.email, site, link, forgotLink },
    { to: recipient.email, language, link, fromName: site },
  );
}

function linkTo(origin: string, locale: Locale, path: string): string {
  return new URL(localizePath(path, locale), origin).href;
}

/** Queues a 24-hour verification link for the user. */
export async function queueVerificationMail(user: Pick<User, "id">, origin: string): Promise<void> {
  await enqueue(accountMailJob, { kind: "verify", userId: user.id, origin });
}

/**
 * Queues a one-hour password-reset link for whoever owns `email`. Known and unknown addresses
 * cost the request the same (one insert); the worker looks the address up and mails only an
 * account that is not blocked.
 */
export async function queuePasswordResetMail(email: string, origin: string): Promise<void> {
  await enqueue(accountMailJob, { kind: "reset", email, origin });
}

/** Someone registered with an address that has an account: tell its owner, reveal nothing to the form. */
export async function queueAlreadyRegisteredMail(user: Pick<User, "id">, origin: string): Promise<void> {
  await enqueue(accountMailJob, { kind: "already_registered", userId: user.id, origin });
}

/** The job: writes the mail in the recipient's language now (a new token each attempt) and sends it. */
async function sendAccountMail(job: z.output<typeof accountMailPayload>): Promise<SentMail | null> {
  const user = job.kind === "reset" ? await findUserByEmail(job.email) : await findUserById(job.userId);
  // Gone, or blocked meanwhile: nothing to send, and nothing to retry.
  if (!user || user.blocked_at) return null;
  if (job.kind === "verify") {
    if (user.email_verified_at) return null;
    const token = await issueToken(user.id, "verify_email");
    return send(user, "verify", `${linkTo(job.origin, user.preferred_locale, "/verify-request")}?token=${token}`);
  }
  if (job.kind === "reset") {
    const token = await issueToken(user.id, "reset_password");
    return send(user, "reset", `${linkTo(job.origin, user.preferred_locale, "/verify-request")}?token=${token}`);
  }
  const login = linkTo(job.origin, user.preferred_locale, "/login");
  return send(user, "already_registered", login, `${login}#forgot-password`);
}

const accountMailPayload = z.discriminatedUnion("kind", [
  z.object({ kind: z.enum(["verify", "already_registered"]), userId: z.number().int(), origin: z.url() }),
  z.object({ kind: z.literal("reset"), email: z.string(), origin: z.url() }),
]);

export const accountMailJob = defineJob({ name: "mail-account", schema: accountMailPayload, queue: MAIL_QUEUE, handler: sendAccountMail });
