// Device detection: class, platform and browser from the user agent; edge device
// headers win; re-evaluation 50 ms after a resize.
import { afterEach, describe, expect, it, vi } from "vitest";
import { detectDevice, detectRequestDevice, edgeHints } from "#app/platform/device/detect.ts";
import { onResizeSettled, RESIZE_REEVALUATION_MS } from "#app/platform/device/use-device.ts";

const UA = {
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  ipad: "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  androidPhone: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  androidTablet: "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  samsung:
    "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
  windowsChrome: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  windowsEdge:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  macSafari: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  linuxFirefox: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  headless: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
};

describe("detectDevice from the user agent", () => {
  it.each([
    ["iphone", "mobile", "ios", "safari"],
    ["ipad", "tablet", "ios", "safari"],
    ["androidPhone", "mobile", "android", "chrome"],
    ["androidTablet", "tablet", "android", "chrome"],
    ["samsung", "mobile", "android", "samsung"],
    ["windowsChrome", "desktop", "windows", "chrome"],
    ["windowsEdge", "desktop", "windows", "edge"],
    ["macSafari", "desktop", "macos", "safari"],
    ["linuxFirefox", "desktop", "linux", "firefox"],
  ] as const)("%s is %s on %s with %s", (name, deviceClass, platform, browser) => {
    expect(detectDevice(UA[name])).toEqual({ deviceClass, platform, browser, source: "user-agent" });
  });

  it("classes crawlers, headless browsers and requests without a user agent as crawler", () => {
    expect(detectDevice(UA.googlebot).deviceClass).toBe("crawler");
    expect(detectDevice(UA.headless).deviceClass).toBe("crawler");
    expect(detectDevice("").deviceClass).toBe("crawler");
    expect(detectDevice(null).deviceClass).toBe("crawler");
  });

  it("takes an iPad in desktop mode (a Mac user agent with touch) for a tablet in the browser", () => {
    expect(detectDevice(UA.macSafari, {}, { touchMac: true }).deviceClass).toBe("tablet");
  });
});

describe("edge device headers", () => {
  const request = (ua: string, headers: Record<string, string>) =>
    new Request("http://localhost/", { headers: { "User-Agent": ua, ...headers } });

  it("win over the user agent (CloudFront)", () => {
    expect(
      detectRequestDevice(request(UA.windowsChrome, { "CloudFront-Is-Mobile-Viewer": "true", "CloudFront-Is-Desktop-Viewer": "false" })),
    ).toEqual({
      deviceClass: "mobile",
      platform: "windows",
      browser: "chrome",
      source: "edge",
    });
    expect(detectRequestDevice(request(UA.androidPhone, { "CloudFront-Is-Desktop-Viewer": "true" })).deviceClass).toBe("desktop");
  });

  it("read tablets before mobiles, as CloudFront marks tablets as both", () => {
    const hints = edgeHints(
      new Headers({ "CloudFront-Is-Mobile-Viewer": "true", "CloudFront-Is-Tablet-Viewer": "true", "CloudFront-Is-IOS-Viewer": "true" }),
    );
    expect(hints).toEqual({ deviceClass: "tablet", platform: "ios" });
  });

  it("include Cloudflare's CF-Device-Type", () => {
    expect(detectRequestDevice(request(UA.iphone, { "CF-Device-Type": "desktop" })).deviceClass).toBe("desktop");
  });

  it("leave the user agent alone when absent or false", () => {
    expect(detectRequestDevice(request(UA.iphone, { "CloudFront-Is-Desktop-Viewer": "false" }))).toMatchObject({
      deviceClass: "mobile",
      source: "user-agent",
    });
  });

  it("do not turn a crawler into a visitor", () => {
    expect(detectRequestDevice(request(UA.googlebot, { "CloudFront-Is-Desktop-Viewer": "true" })).deviceClass).toBe("crawler");
  });
});

describe("re-evaluation after a resize", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("happens 50 ms after the last resize event, once per burst, and stops on cleanup", () => {
    vi.useFakeTimers();
    const target = new EventTarget() as unknown as Window;
    const reevaluate = vi.fn();
    const stop = onResizeSettled(target, reevaluate);
    expect(RESIZE_REEVALUATION_MS).toBe(50);

    target.dispatchEvent(new Event("resize"));
    vi.advanceTimersByTime(30);
    target.dispatchEvent(new Event("resize"));
    vi.advanceTimersByTime(49);
    expect(reevaluate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reevaluate).toHaveBeenCalledTimes(1);

    stop();
    target.dispatchEvent(new Event("resize"));
    vi.advanceTimersByTime(100);
    expect(reevaluate).toHaveBeenCalledTimes(1);
  });
});
