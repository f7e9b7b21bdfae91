import { isbot } from "isbot";

// Device detection: class (mobile, tablet, desktop, crawler), platform and browser
// from the user agent; device-type headers an edge/CDN adds win over the user agent.

const DEVICE_CLASSES = ["mobile", "tablet", "desktop", "crawler"] as const;
type DeviceClass = (typeof DEVICE_CLASSES)[number];
type Platform = "ios" | "android" | "windows" | "macos" | "chromeos" | "linux" | "other";
type Browser = "edge" | "opera" | "samsung" | "yandex" | "firefox" | "chrome" | "safari" | "other";

export type DeviceInfo = {
  deviceClass: DeviceClass;
  platform: Platform;
  browser: Browser;
  /** Where the class came from: an edge header wins and is kept on client re-evaluation. */
  source: "edge" | "user-agent";
};

/** What an edge says about the viewer (CloudFront-Is-*-Viewer, CF-Device-Type). */
export type EdgeHints = { deviceClass?: Exclude<DeviceClass, "crawler">; platform?: Platform };

type HeaderSource = { get(name: string): string | null };

export function edgeHints(headers: HeaderSource): EdgeHints {
  const flag = (name: string) => headers.get(name)?.trim().toLowerCase() === "true";
  const hints: EdgeHints = {};
  // Tablet before mobile: CloudFront marks tablets as mobile viewers too.
  if (flag("cloudfront-is-tablet-viewer")) hints.deviceClass = "tablet";
  else if (flag("cloudfront-is-mobile-viewer")) hints.deviceClass = "mobile";
  else if (flag("cloudfront-is-desktop-viewer") || flag("cloudfront-is-smarttv-viewer")) hints.deviceClass = "desktop";
  else {
    const cloudflare = headers.get("cf-device-type")?.trim().toLowerCase();
    if (cloudflare === "mobile" || cloudflare === "tablet" || cloudflare === "desktop") hints.deviceClass = cloudflare;
  }
  if (flag("cloudfront-is-ios-viewer")) hints.platform = "ios";
  else if (flag("cloudfront-is-android-viewer")) hints.platform = "android";
  return hints;
}

const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|KFAPWI|Nexus (?:7|9|10)\b/i;
const MOBILE = /Mobi|iPhone|iPod|Windows Phone|IEMobile|BlackBerry|BB10|Opera Mini|webOS/i;

function platformOf(userAgent: string): Platform {
  if (/iPhone|iPad|iPod/.test(userAgent)) return "ios";
  if (/Android/.test(userAgent)) return "android";
  if (/Windows/.test(userAgent)) return "windows";
  if (/CrOS/.test(userAgent)) return "chromeos";
  if (/Macintosh|Mac OS X/.test(userAgent)) return "macos";
  if (/Linux|X11/.test(userAgent)) return "linux";
  return "other";
}

function browserOf(userAgent: string): Browser {
  if (/EdgA?\/|EdgiOS\//.test(userAgent)) return "edge";
  if (/OPR\/|Opera/.test(userAgent)) return "opera";
  if (/SamsungBrowser\//.test(userAgent)) return "samsung";
  if (/YaBrowser\//.test(userAgent)) return "yandex";
  if (/Firefox\/|FxiOS\//.test(userAgent)) return "firefox";
  if (/Chrome\/|CriOS\/|Chromium\//.test(userAgent)) return "chrome";
  if (/Safari\//.test(userAgent) && /Version\//.test(userAgent)) return "safari";
  return "other";
}

function formFactor(userAgent: string, touchMac: boolean): Exclude<DeviceClass, "crawler"> {
  // Android phones say "Mobile"; Android without it is a tablet.
  if (TABLET.test(userAgent) || (/Android/.test(userAgent) && !/Mobile/.test(userAgent))) return "tablet";
  if (MOBILE.test(userAgent)) return "mobile";
  // iPadOS Safari presents itself as a Mac; only the browser can tell by its touch points.
  if (touchMac && /Macintosh/.test(userAgent)) return "tablet";
  return "desktop";
}

/**
 * The device behind a request. Crawlers (and requests without a user agent) are "crawler"
 * whatever the edge says: being a bot is not a form factor.
 */
export function detectDevice(
  userAgent: string | null | undefined,
  hints: EdgeHints = {},
  options: { touchMac?: boolean } = {},
): DeviceInfo {
  const ua = (userAgent ?? "").slice(0, 1000);
  const platform = hints.platform ?? platformOf(ua);
  const browser = browserOf(ua);
  if (ua.trim() === "" || isbot(ua)) return { deviceClass: "crawler", platform, browser, source: "user-agent" };
  if (hints.deviceClass) return { deviceClass: hints.deviceClass, platform, browser, source: "edge" };
  return { deviceClass: formFactor(ua, options.touchMac ?? false), platform, browser, source: "user-agent" };
}

export function detectRequestDevice(request: Request): DeviceInfo {
  return detectDevice(request.headers.get("user-agent"), edgeHints(request.headers));
}
