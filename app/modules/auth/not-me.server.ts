import { queuePasswordResetMail } from "./account-mail.server.ts";
import { deleteUserSessions } from "./session.server.ts";
import { consumeToken } from "./tokens.server.ts";
import { findUserById } from "./users.server.ts";

// A security mail's "this wasn't me" link: whoever reads the mailbox may end every session
// of the account and get a password-reset link.

/** Spends the link, ends every session and queues a reset mail. False for a spent or unknown link. */
export async function secureAccount(token: string, origin: string): Promise<boolean> {
  const userId = await consumeToken(token, "not_me");
  if (userId === null) return false;
  const user = await findUserById(userId);
  if (!user) return false;
  await deleteUserSessions(user.id);
  await queuePasswordResetMail(user.email, origin);
  return true;
}
