import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { consumeLimit, type LimitRule } from "#app/modules/auth/rate-limit.server.ts";
import { publicOrigin } from "#app/platform/config/config.server.ts";
import { analyticsVisitor } from "#app/platform/consent/consent.server.ts";
import { detectRequestDevice } from "#app/platform/device/detect.ts";
import { readJson } from "#app/platform/http/body.server.ts";
import { getClientAddress } from "#app/platform/http/client-address.server.ts";
import { localeFromPath, stripLocale } from "#app/i18n/locales.ts";
import { heartbeatPayloadSchema, MAX_BEACON_BYTES, visitPayloadSchema } from "./payloads.ts";
import { recordPresence, recordVisit } from "./record.server.ts";
import { requestVisitorHash } from "./request-visitor.server.ts";
import { referrerHost } from "./visitor.server.ts";

// POST /api/visitors/log and POST /api/heartbeat (docs/product.md#the-shell). Both answer 204 with no body
// (the client does not read it); crawlers get 204 too but are not counted.

const MINUTE = 60_000;
/**
 * Per client address, generous because many visitors may share one (a family, a carrier's
 * NAT): an app load is a full page load, a heartbeat comes once a minute per open tab.
 */
export const BEACON_LIMITS = {
  visit: { max: 60, windowMs: MINUTE },
  heartbeat: { max: 120, windowMs: MINUTE },
} as const;

export type BeaconKind = keyof typeof BEACON_LIMITS;

function beaconRules(kind: BeaconKind, ip: string): LimitRule[] {
  return [{ key: `beacon:${kind}:ip:${ip}`, limit: BEACON_LIMITS[kind] }];
}

/** The staff dashboard is not a visit to the portal; its users still count as online. */
function countsAsVisit(path: string): boolean {
  return !/^\/dashboard(?:\/|$)/.test(stripLocale(path));
}

function empty(status: number, headers: HeadersInit = {}): Response {
  return new Response(null, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

type BeaconArgs = { request: Request; context: Readonly<RouterContextProvider> };

export async function handleBeacon(kind: BeaconKind, { request, context }: BeaconArgs, now = new Date()): Promise<Response> {
  if (request.method !== "POST") return empty(405, { Allow: "POST" });
  const body = await readJson(request, MAX_BEACON_BYTES);
  if (!body.ok) return empty(body.status);
  const schema: z.ZodType = kind === "visit" ? visitPayloadSchema : heartbeatPayloadSchema;
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) return empty(400);
  const payload = parsed.data as { path: string; referrer?: string };

  const device = detectRequestDevice(request);
  if (device.deviceClass === "crawler") return empty(204);

  const ip = getClientAddress(context);
  const rules = beaconRules(kind, ip);
  const limit = await consumeLimit(rules, now);
  if (limit.limited) return empty(429, { "Retry-After": String(limit.retryAfterSeconds) });

  const visitor = analyticsVisitor(request);
  const hash = await requestVisitorHash({ request, context }, visitor.id, now);
  if (kind === "heartbeat") {
    await recordPresence(hash, payload.path, now);
  } else if (countsAsVisit(payload.path)) {
    const ownHosts = [new URL(publicOrigin()).hostname];
    await recordVisit(
      {
        path: payload.path,
        referrerHost: referrerHost(payload.referrer ?? "", ownHosts),
        locale: localeFromPath(payload.path),
        device,
        visitorHash: hash,
      },
      now,
    );
  } else {
    await recordPresence(hash, payload.path, now);
  }
  return empty(204, visitor.setCookie ? { "Set-Cookie": visitor.setCookie } : {});
}
