import { describe, expect, it } from "vitest";
import { textLanguage, userTextLang } from "#app/platform/format/text-language.ts";

// User text (advert titles, messages) is marked with its language where it differs from the
// page's, so a screen reader picks the right voice.

describe("textLanguage", () => {
  it("reads Cyrillic as Ukrainian, with or without the letters only Ukrainian has", () => {
    expect(textLanguage("Здам кімнату біля вокзалу")).toBe("uk");
    expect(textLanguage("Шукаю няню, Ґданськ, є досвід")).toBe("uk");
    expect(textLanguage("Продам диван")).toBe("uk");
    expect(textLanguage("iPhone 13, стан ідеальний")).toBe("uk");
  });

  it("reads Latin as English", () => {
    expect(textLanguage("Room to rent near the station")).toBe("en");
    expect(textLanguage("Sprzedam rower — 300 zł")).toBe("en");
  });

  it("does not guess: Russian letters, an even mix, no letters at all", () => {
    expect(textLanguage("Продаётся новый велосипед")).toBeNull();
    expect(textLanguage("Sofa софа")).toBeNull();
    expect(textLanguage("2 300 — 15.03")).toBeNull();
    expect(textLanguage("")).toBeNull();
  });
});

describe("userTextLang", () => {
  it("names the language only where it differs from the page's", () => {
    expect(userTextLang("Здам кімнату", "en")).toBe("uk");
    expect(userTextLang("Здам кімнату", "uk")).toBeUndefined();
    expect(userTextLang("Room to rent", "uk")).toBe("en");
    expect(userTextLang("Room to rent", "en")).toBeUndefined();
    expect(userTextLang("12345", "en")).toBeUndefined();
  });
});
