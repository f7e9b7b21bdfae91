import { decisionMail } from "#app/modules/moderation/mails/decision.ts";

/** Staff's decision on a submitted event, service or organisation; `link` is the submitter's list. */
export const submissionDecisionMail = decisionMail({
  name: "submissions-decision",
  texts: "submissions",
  resubmit: false,
  example: { title: "Choir concert", reason: "The date has passed", link: (origin) => `${origin}/cabinet/submissions` },
});
