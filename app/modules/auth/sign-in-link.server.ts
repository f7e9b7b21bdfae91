import type { RouterContextProvider } from "react-router";
import type { LocaleCode } from "#app/i18n/locales.ts";
import { z } from "zod";
import { defineJob, enqueue, MAIL_QUEUE } from "#app/platform/jobs/queue.server.ts";
import type { SentMail } from "#app/platform/mail/mailer.server.ts";
import { sendLinkMail } from "./link-mail.server.ts";
import { signInLinkMail } from "./mails/sign-in-link.ts";
import { completeFirstFactor, type FirstFactorOutcome } from "./sign-in.server.ts";
import { consumeToken, issueToken } from "./tokens.server.ts";
import { findUserByEmail, findUserById, markEmailVerified } from "./users.server.ts";

// The mailed sign-in link: one use, 15 minutes, signing in the browser that opens it. Opening
// it (GET) only shows a "sign in" button: mail scanners fetch links, and a GET that spent the
// link would sign the scanner in and leave the owner a dead link. The button's POST spends it.

/**
 * Queues a sign-in link for whoever owns `email`. Known and unknown addresses cost the
 * request the same (one insert); the worker looks the address up and mails only a usable account.
 */
export async function queueSignInLinkMail(email: string, origin: string): Promise<void> {
  await enqueue(signInLinkJob, { email, origin });
}

/** The job: a fresh link (earlier unused ones stop working) in the owner's language. */
async function sendSignInLinkMail(job: { email: string; origin: string }): Promise<SentMail | null> {
  const user = await findUserByEmail(job.email);
  if (!user || user.blocked_at) return null;
  const token = await issueToken(user.id, "sign_in_link");
  return sendLinkMail(signInLinkMail, user, { origin: job.origin, path: "/login/link", token });
}

export const signInLinkJob = defineJob({
  name: "mail-sign-in-link",
  schema: z.object({ email: z.string(), origin: z.url() }),
  queue: MAIL_QUEUE,
  handler: sendSignInLinkMail,
});

export type LinkSignIn = ({ ok: true } & FirstFactorOutcome) | { ok: false };

/**
 * Spends the link; its owner then passes the first factor in this browser (an account with
 * two-factor is asked for its code before any session). The update that spends it is atomic:
 * of two concurrent posts, one gets through. A blocked or vanished account gets nothing.
 */
export async function signInWithLink(
  request: Request,
  context: Readonly<RouterContextProvider>,
  token: string,
  locale: LocaleCode,
): Promise<LinkSignIn> {
  const userId = await consumeToken(token, "sign_in_link");
  if (userId === null) return { ok: false };
  const user = await findUserById(userId);
  if (!user || user.blocked_at) return { ok: false };
  // Only the mailbox's owner could open the link: the address is proven.
  await markEmailVerified(user.id);
  return { ok: true, ...(await completeFirstFactor(request, context, user, "", locale)) };
}
