import { z } from "zod";
import { readJson } from "#app/platform/http/body.server.ts";
import { PASSKEY_BODY_MAX_BYTES } from "./passkeys.server.ts";

// The JSON exchanges of the passkey ceremonies (sign-in on /login, adding on /cabinet/security):
// a step name, then the browser's answer. Anything else is a 4xx with no body worth reading.

const stepSchema = z.discriminatedUnion("step", [
  z.object({ step: z.literal("options") }),
  z.object({
    step: z.literal("verify"),
    response: z.unknown(),
    redirect: z.string().max(2000).optional(),
    name: z.string().max(200).optional(),
  }),
]);

export type PasskeyStep = z.infer<typeof stepSchema>;

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(body), { ...init, headers });
}

/** The posted step, or the 400/413/415 answer to send instead. */
export async function readPasskeyStep(request: Request): Promise<{ ok: true; step: PasskeyStep } | { ok: false; response: Response }> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") return { ok: false, response: jsonResponse({ error: "unsupported-media-type" }, { status: 415 }) };
  const body = await readJson(request, PASSKEY_BODY_MAX_BYTES);
  if (!body.ok)
    return { ok: false, response: jsonResponse({ error: body.status === 413 ? "too-large" : "bad-json" }, { status: body.status }) };
  const step = stepSchema.safeParse(body.value);
  if (!step.success) return { ok: false, response: jsonResponse({ error: "bad-request" }, { status: 400 }) };
  return { ok: true, step: step.data };
}
