// Wording the usability test asked for: one English term per thing (paid reklama is
// "Advertising", user adverts are "Classifieds"), a language switch named by language, the
// advert form's button saying what happens, and events that have begun read "until <end>".
import { describe, expect, it } from "vitest";
import { advertSubmitKey } from "#app/components/adverts/submit-label.ts";
import { sendsForReview } from "#app/modules/adverts/lifecycle.ts";
import { LOCALES } from "#app/i18n/locales.ts";
import { resources } from "#app/i18n/resources.ts";
import { addMessages, translate } from "#app/i18n/translate.ts";
import { eventWhen, eventWhenLabel } from "#app/modules/posters/event-when.ts";

addMessages("uk", resources.uk);
addMessages("en", resources.en);

/** Every string of a language's messages, with its `namespace:key.path`. */
function strings(value: unknown, path: string): Array<[string, string]> {
  if (typeof value === "string") return [[path, value]];
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, child]) => strings(child, path.includes(":") ? `${path}.${key}` : `${path}:${key}`));
  return [];
}

const english = Object.entries(resources.en).flatMap(([ns, messages]) => strings(messages, ns));

describe("English terms", () => {
  it("never calls anything 'Advertisements'; 'Advertising' is the paid reklama only", () => {
    expect(english.length).toBeGreaterThan(500);
    expect(english.filter(([, text]) => /\badvertisements?\b/i.test(text))).toEqual([]);
    // Capitalised, "Advertising" is a name: the reklama section, its label and badge.
    const advertising = english.filter(([, text]) => /\bAdvertising\b/.test(text)).map(([key]) => key);
    expect(advertising.length).toBeGreaterThan(0);
    expect(advertising.filter((key) => !/reklama/i.test(key))).toEqual([]);
  });

  it("names the user adverts' section 'Classifieds' in the public menu, the search and the dashboard", () => {
    expect(resources.en.adverts.nav.adverts).toBe("Classifieds");
    expect(resources.en.content.search.categories.advertisement).toBe("Classifieds");
    expect(resources.en.dashboard.sections.advertisements).toBe("Classifieds");
  });
});

describe("language switch", () => {
  it("names each language in itself, never by a country code", () => {
    expect([LOCALES.ua.name, LOCALES.ua.short, LOCALES.us.name, LOCALES.us.short]).toEqual(["Українська", "УКР", "English", "EN"]);
  });
});

describe("advert submit button", () => {
  const label = (language: "uk" | "en", mode: "new" | "edit", current: Parameters<typeof sendsForReview>[0], moderation: boolean) =>
    translate(language, "adverts", advertSubmitKey(mode, sendsForReview(current, moderation)));

  it("says 'Send for review' when a moderator checks a new advert first, 'Publish' otherwise", () => {
    expect(label("uk", "new", null, true)).toBe("Надіслати на перевірку");
    expect(label("en", "new", null, true)).toBe("Send for review");
    expect(label("uk", "new", null, false)).toBe("Опублікувати оголошення");
    expect(label("en", "new", null, false)).toBe("Publish advert");
  });

  it("on an edit, says the change goes to review only when it does", () => {
    expect(label("en", "edit", "published", true)).toBe("Save and send for review");
    expect(label("uk", "edit", "rejected", false)).toBe("Зберегти й надіслати на перевірку");
    expect(label("en", "edit", "published", false)).toBe("Save changes");
    // Already waiting for the moderator: saving changes nothing about that.
    expect(label("en", "edit", "pending", true)).toBe("Save changes");
  });
});

describe("event dates on cards", () => {
  // 14.11.2026 17:00 to 13.01.2027 18:00 in the site's zone (Europe/Warsaw, UTC+1 in winter).
  const start = new Date("2026-11-14T16:00:00Z");
  const end = new Date("2027-01-13T17:00:00Z");
  const t = (language: "uk" | "en") => (key: "posters.ongoing_until", options: { date: string }) =>
    translate(language, "content", key, options);

  it("an exhibition that has started reads 'until' its end", () => {
    const now = new Date("2026-11-24T12:00:00Z");
    const uk = eventWhen(start, end, now, "uk");
    expect(uk.ongoing).toBe(true);
    expect(eventWhenLabel(uk, t("uk"))).toBe("Триває до 13.01");
    expect(eventWhenLabel(eventWhen(start, end, now, "en"), t("en"))).toBe("Ongoing until 01/13");
  });

  it("before it starts, it shows its start and the day it closes", () => {
    const before = eventWhen(start, end, new Date("2026-11-01T12:00:00Z"), "uk");
    expect(before.ongoing).toBe(false);
    expect(eventWhenLabel(before, t("uk"))).toBe("сб, 14.11.26, 17:00 – 13.01");
  });

  it("an evening event under way says the time it ends; one without an end keeps its start", () => {
    const concertStart = new Date("2026-11-29T18:00:00Z");
    const concertEnd = new Date("2026-11-29T21:00:00Z");
    expect(eventWhenLabel(eventWhen(concertStart, concertEnd, new Date("2026-11-29T19:00:00Z"), "uk"), t("uk"))).toBe("Триває до 22:00");
    expect(eventWhenLabel(eventWhen(concertStart, concertEnd, new Date("2026-11-20T19:00:00Z"), "uk"), t("uk"))).toBe(
      "нд, 29.11.26, 19:00",
    );
    expect(eventWhenLabel(eventWhen(concertStart, null, new Date("2026-11-20T19:00:00Z"), "en"), t("en"))).toBe("Sun, 11/29/26, 7:00 PM");
  });
});
