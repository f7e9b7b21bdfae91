// Cookie consent (docs/product.md#cookies-and-consent): the stored format, when consent counts, and the /consent
// form posts behind every banner button.
import { describe, expect, it } from "vitest";
import * as consentRoute from "#app/routes/consent/route.ts";
import { allIdsString, consentState, enabledIdsFor, type CookieRegistry } from "#app/platform/consent/cookies.ts";
import { loadShellData } from "#app/modules/shell/shell-data.server.ts";
import { translatorFor } from "#app/i18n/request.server.ts";
import { useTestDatabase } from "../support/db.ts";
import { callRoute, catchResponse, cookieHeader } from "../support/route.ts";

useTestDatabase();

const ALL = "session~locale~theme~consent~analytics";
const NECESSARY = "session~locale~theme~consent";

function setCookie(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
}

function post(form: Record<string, string | string[]>, cookie?: string) {
  return catchResponse(callRoute(consentRoute.action, { url: "/consent", form, cookie }));
}

describe("consent state", () => {
  it("joins the ids of all necessary and optional cookies with ~", () => {
    expect(allIdsString()).toBe(ALL);
  });

  it("is not given without the cookies, and then only necessary cookies are enabled", () => {
    expect(consentState(undefined, undefined)).toEqual({ given: false, enabled: ["session", "locale", "theme", "consent"] });
  });

  it("counts only when the stored flag equals the current list of cookie ids", () => {
    expect(consentState(ALL, ALL)).toEqual({ given: true, enabled: ["session", "locale", "theme", "consent", "analytics"] });
    expect(consentState(ALL, NECESSARY).given).toBe(true);
    expect(consentState(ALL, NECESSARY).enabled).not.toContain("analytics");
    expect(consentState("true", ALL).given).toBe(false);
    expect(consentState(NECESSARY, NECESSARY).given).toBe(false);
  });

  it("asks again when the list of cookies changes", () => {
    const grown: CookieRegistry = {
      necessary: [{ id: "session", names: ["__session"] }],
      optional: [
        { id: "analytics", names: ["visitor_id"] },
        { id: "maps", names: ["maps_pref"] },
      ],
    };
    const before: CookieRegistry = { necessary: grown.necessary, optional: [grown.optional[0]!] };
    const stored = allIdsString(before);
    expect(consentState(stored, stored, before).given).toBe(true);
    expect(consentState(stored, stored, grown)).toEqual({ given: false, enabled: ["session"] });
  });

  it("never enables an id that is not in the list", () => {
    expect(consentState(ALL, `${NECESSARY}~tracking`).enabled).toEqual(["session", "locale", "theme", "consent"]);
  });

  it("stores all, necessary only, or the chosen optional ids", () => {
    expect(enabledIdsFor({ intent: "accept-all" })).toEqual(ALL.split("~"));
    expect(enabledIdsFor({ intent: "decline" })).toEqual(NECESSARY.split("~"));
    expect(enabledIdsFor({ intent: "save", optional: ["analytics"] })).toEqual(ALL.split("~"));
    expect(enabledIdsFor({ intent: "save", optional: [] })).toEqual(NECESSARY.split("~"));
  });
});

describe("POST /consent", () => {
  it("accept all: stores the flag and every id, sets the analytics cookie, and goes back with a toast", async () => {
    const response = await post({ intent: "accept-all", returnTo: "/us/novyny?page=2" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/us/novyny?page=2");
    expect(setCookie(response, "cookie_consent")).toMatch(new RegExp(`^cookie_consent=${ALL}; Path=/; Max-Age=31536000; SameSite=Lax`));
    expect(setCookie(response, "cookie_consent_enabled")).toMatch(new RegExp(`^cookie_consent_enabled=${ALL};`));
    expect(setCookie(response, "visitor_id")).toMatch(/^visitor_id=[0-9a-f-]{36}; .*HttpOnly/);
    expect(setCookie(response, "__flash")).toBeDefined();
  });

  it("decline: consent given, necessary cookies only, no analytics cookie", async () => {
    const response = await post({ intent: "decline", returnTo: "/" });
    expect(setCookie(response, "cookie_consent")).toMatch(new RegExp(`^cookie_consent=${ALL};`));
    expect(setCookie(response, "cookie_consent_enabled")).toMatch(new RegExp(`^cookie_consent_enabled=${NECESSARY};`));
    expect(setCookie(response, "visitor_id")).toBeUndefined();
  });

  it("save (accept partial) stores the toggled optional cookies", async () => {
    const on = await post({ intent: "save", optional: ["analytics"], returnTo: "/" });
    expect(setCookie(on, "cookie_consent_enabled")).toMatch(new RegExp(`^cookie_consent_enabled=${ALL};`));
    const off = await post({ intent: "save", returnTo: "/" }, "visitor_id=2f1c1b7e-3c4d-4e5f-8a9b-0c1d2e3f4a5b");
    expect(setCookie(off, "cookie_consent_enabled")).toMatch(new RegExp(`^cookie_consent_enabled=${NECESSARY};`));
    // Switching analytics off removes its cookie.
    expect(setCookie(off, "visitor_id")).toMatch(/^visitor_id=; .*Max-Age=0/);
  });

  it("manage (without JS) goes back to the page with the settings dialog open", async () => {
    const response = await post({ intent: "manage", returnTo: "/poster?sort=date" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/poster?sort=date&consent=manage");
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("saving from the dialog closes it: the parameter is dropped from the way back", async () => {
    const response = await post({ intent: "decline", returnTo: "/poster?consent=manage" });
    expect(response.headers.get("Location")).toBe("/poster");
  });

  it("only goes back to paths of this site", async () => {
    const response = await post({ intent: "accept-all", returnTo: "https://evil.example/" });
    expect(response.headers.get("Location")).toBe("/");
  });

  it("refuses an unknown button with 400", async () => {
    const result = await callRoute(consentRoute.action, { url: "/consent", form: { intent: "accept-everything" } });
    expect((result as { init?: ResponseInit }).init?.status).toBe(400);
  });

  it("answers GET with 405", async () => {
    const response = await catchResponse(callRoute(consentRoute.loader, { url: "/consent" }));
    expect(response.status).toBe(405);
  });
});

describe("the banner's data", () => {
  const t = (key: string) => key;

  async function shellConsent(path: string, cookie?: string) {
    const request = new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });
    const { shell } = await loadShellData({ request, url: new URL(request.url), language: "uk", t });
    return shell.consent;
  }

  it("shows the banner before consent and hides it after any decision", async () => {
    expect((await shellConsent("/")).given).toBe(false);
    const declined = await post({ intent: "decline", returnTo: "/" });
    const cookie = cookieHeader(...declined.headers.getSetCookie().filter((c) => c.startsWith("cookie_")));
    expect(await shellConsent("/", cookie)).toEqual({ given: true, enabled: NECESSARY.split("~"), manage: false });
  });

  it("opens the settings with ?consent=manage", async () => {
    expect((await shellConsent("/novyny?consent=manage")).manage).toBe(true);
  });

  it("carries the saved toast translated into the page's language, and clears it", async () => {
    // The browser may not hold the `shell` messages yet when the toast shows (i18n/translate.ts).
    const accepted = await post({ intent: "accept-all", returnTo: "/us/novyny" });
    const flash = cookieHeader(...accepted.headers.getSetCookie().filter((c) => c.startsWith("__flash=")));
    for (const [language, path, text] of [
      ["en", "/us/novyny", "Your cookie settings are saved."],
      ["uk", "/novyny", "Ваші налаштування cookie збережено."],
    ] as const) {
      const request = new Request(`http://localhost${path}`, { headers: { Cookie: flash } });
      const { shell, headers } = await loadShellData({ request, url: new URL(request.url), language, t: translatorFor(language) });
      expect(shell.flash).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), severity: "success", text });
      expect(headers.get("Set-Cookie")).toMatch(/^__flash=; .*Max-Age=0/);
    }
  });
});
