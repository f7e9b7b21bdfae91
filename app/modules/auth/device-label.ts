import { z } from "zod";

/** A browser and a system as the user agent named them ("Chrome", "Android"): proper names, never translated. */
export const deviceSchema = z.object({ browser: z.string().nullable(), os: z.string().nullable() });
export type Device = z.infer<typeof deviceSchema>;

type Translate = (key: "sessions.device" | "sessions.unknown_device", values?: Record<string, string>) => string;

/** "Chrome на Android" / "Chrome on Android"; one part alone as it is; the unknown device's words without either. */
export function deviceLabel(device: Device | null, t: Translate): string {
  if (device?.browser && device.os) return t("sessions.device", { browser: device.browser, os: device.os });
  return device?.browser || device?.os || t("sessions.unknown_device");
}
