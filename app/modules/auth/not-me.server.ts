import { queuePasswordResetMail } from "./account-mail.server.ts";
import { removePasskeysSinceLastPasswordSignIn } from "./passkeys.server.ts";
import { queueSecurityMail } from "./security-mail.server.ts";
import { deleteUserSessions } from "./session.server.ts";
import { consumeIssuedToken } from "./tokens.server.ts";
import { restoreEmail } from "./email-change.server.ts";
import { findUserById } from "./users.server.ts";

// Account recovery. A security mail's "this wasn't me" link: whoever reads the mailbox may end
// every session of the account and get a password-reset link. A thief's session may have left
// a passkey behind, which would outlive both the sessions and the password: recovery removes
// the passkeys added since the owner's last sign-in by password or code, and the mail names them.
// The link of an "email changed" mail went to the old address: it also gives that address back,
// so the reset link reaches the owner and not whoever changed it.

/** Spends the link, removes recent passkeys, ends every session and queues a reset mail. False for a spent or unknown link. */
export async function secureAccount(token: string, origin: string): Promise<boolean> {
  const spent = await consumeIssuedToken(token, "not_me");
  if (spent === null) return false;
  if (spent.email) await restoreEmail(spent.userId, spent.email);
  const user = await findUserById(spent.userId);
  if (!user) return false;
  // The link's token was issued as of the event the mail was about: nothing since then is trusted.
  const removedPasskeys = await removePasskeysSinceLastPasswordSignIn(user.id, spent.issuedAt);
  await deleteUserSessions(user.id);
  // Only news is mailed: the page already said every session ends.
  if (removedPasskeys.names.length > 0) await queueSecurityMail({ userId: user.id, event: "account-secured", removedPasskeys });
  await queuePasswordResetMail(user.email, origin);
  return true;
}

/** A password reset was completed from the mailbox: the same clean-up, told in the "password changed" mail. */
export async function secureAfterPasswordReset(userId: number): Promise<void> {
  const removedPasskeys = await removePasskeysSinceLastPasswordSignIn(userId);
  await deleteUserSessions(userId);
  await queueSecurityMail({ userId, event: "password-changed", removedPasskeys });
}
