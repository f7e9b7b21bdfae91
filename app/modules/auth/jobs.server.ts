import type { AnyJob } from "#app/platform/jobs/queue.server.ts";
import { accountMailJob } from "./account-mail.server.ts";
import { emailChangeJob } from "./email-change.server.ts";
import { securityMailJob } from "./security-mail.server.ts";
import { signInLinkJob } from "./sign-in-link.server.ts";

/** The account's jobs: verification, reset and "already registered" mails, security mails, sign-in links, a new address's link. */
export const authJobs: AnyJob[] = [accountMailJob, securityMailJob, signInLinkJob, emailChangeJob];
