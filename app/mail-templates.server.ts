import type { MailTemplate } from "#app/platform/mail/template.server.ts";
import { exportReadyMail } from "#app/modules/account-export/mails/export-ready.ts";
import { expiryMail } from "#app/modules/adverts/mails/expiry.ts";
import { accountMail } from "#app/modules/auth/mails/account.ts";
import { emailChangeMail } from "#app/modules/auth/mails/email-change.ts";
import { securityMail } from "#app/modules/auth/mails/security.ts";
import { signInLinkMail } from "#app/modules/auth/mails/sign-in-link.ts";
import { messageMail } from "#app/modules/messages/mails/message.ts";
import { advertDecisionMail } from "#app/modules/moderation/mails/advert-decision.ts";
import { advertHeldMail } from "#app/modules/moderation/mails/advert-held.ts";
import { organisationInvitationMail } from "#app/modules/organisations/mails/invitation.ts";
import { eventNoticeMail } from "#app/modules/posters/mails/event-notice.ts";
import { eventReminderMail } from "#app/modules/posters/mails/event-reminder.ts";
import { waitlistPromotedMail } from "#app/modules/posters/mails/waitlist-promoted.ts";
import { ratingRequestMail } from "#app/modules/ratings/mails/rating-request.ts";
import { alertMail } from "#app/modules/saved-searches/mails/alert.ts";
import { submissionDecisionMail } from "#app/modules/submissions/mails/decision.ts";
import { documentReminderMail } from "#app/modules/user-documents/mails/expiry-reminder.ts";
import { confirmMail } from "#app/modules/newsletter/mails/confirm.ts";
import { issueMail } from "#app/modules/newsletter/mails/issue.ts";

// Every kind of mail the app sends, each a template in its domain's mails/ folder: for the
// preview (npm run mail:preview) and the test that renders them all in both languages.

// oxlint-disable-next-line typescript/no-explicit-any -- a list of templates holds many data types
export const mailTemplates: ReadonlyArray<MailTemplate<any>> = [
  accountMail,
  securityMail,
  signInLinkMail,
  emailChangeMail,
  exportReadyMail,
  advertDecisionMail,
  advertHeldMail,
  submissionDecisionMail,
  messageMail,
  alertMail,
  expiryMail,
  eventReminderMail,
  eventNoticeMail,
  waitlistPromotedMail,
  ratingRequestMail,
  organisationInvitationMail,
  documentReminderMail,
  confirmMail,
  issueMail,
];
