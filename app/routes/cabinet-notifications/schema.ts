import { z } from "zod";
import { PUSH_KINDS } from "#db/schema.ts";

const E = "cabinet:notifications.errors";

export const notificationsIntentSchema = z.object({ intent: z.enum(["subscribe", "kinds", "remove"]) });

/** The kinds to send: any of the four, none ticked means no notifications (the devices stay). */
export const pushKindsSchema = z.object({
  kinds: z.array(z.enum(PUSH_KINDS, `${E}.kinds`)).default([]),
});

const base64url = (min: number, max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .min(min)
    .max(max);

/** PushSubscription.toJSON() as the page's script posts it: a push service's https address and the payload's keys (a P-256 point, a 16-byte secret). */
const subscriptionJson = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(1000),
  keys: z.object({ p256dh: base64url(86, 90), auth: base64url(22, 24) }),
});

export const subscribeSchema = z.object({
  subscription: z
    .string({ error: `${E}.subscription` })
    .max(2000, `${E}.subscription`)
    .transform((value, ctx) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        parsed = undefined;
      }
      const result = subscriptionJson.safeParse(parsed);
      if (!result.success) {
        ctx.addIssue({ code: "custom", message: `${E}.subscription` });
        return z.NEVER;
      }
      return result.data;
    }),
});
