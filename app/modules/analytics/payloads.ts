import { z } from "zod";

// Bodies of the two beacons (docs/product.md#the-shell). The client sends them as JSON; the server
// refuses bigger bodies than MAX_BEACON_BYTES and anything that does not parse.

export const MAX_BEACON_BYTES = 2048;
const MAX_PATH_LENGTH = 512;

const pathSchema = z
  .string()
  .min(1)
  .max(MAX_PATH_LENGTH)
  .regex(/^\/(?!\/)[^\s?#]*$/, "a path starting with a single /, without query or fragment");

export const visitPayloadSchema = z.object({
  path: pathSchema,
  /** document.referrer: only its host is kept. */
  referrer: z.string().max(2048).optional().default(""),
});

export const heartbeatPayloadSchema = z.object({ path: pathSchema });

export type VisitPayload = z.input<typeof visitPayloadSchema>;
export type HeartbeatPayload = z.input<typeof heartbeatPayloadSchema>;
