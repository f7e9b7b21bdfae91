import { z } from "zod";

/** The banner's and the settings dialog's buttons; `save` stores the toggles (accept partial). */
const CONSENT_INTENTS = ["accept-all", "decline", "manage", "save"] as const;

export const consentSchema = z.object({
  intent: z.enum(CONSENT_INTENTS),
  /** Optional cookie ids switched on in the dialog (checkboxes: absent when off). */
  optional: z.array(z.string().max(40)).max(20).default([]),
  returnTo: z.string().max(2000).optional(),
});
