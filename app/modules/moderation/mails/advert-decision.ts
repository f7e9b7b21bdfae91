import { decisionMail } from "./decision.ts";

/** Moderation's outcome for the owner's advert; `link` is its edit page. */
export const advertDecisionMail = decisionMail({
  name: "moderation-advert-decision",
  texts: "admin",
  resubmit: true,
  example: { title: "Oak rocking chair", reason: "No photo of the item", link: (origin) => `${origin}/cabinet/edit/1` },
});
