import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { resources } from "#app/i18n/resources.ts";
import { addMessages, subscribeToMessages, translate } from "#app/i18n/translate.ts";
import type { Language } from "#app/i18n/locales.ts";

// The browser's small translator must say exactly what i18next says on the server, or
// hydration would disagree with the server's HTML: every message of both languages is
// compared, with plural counts and every placeholder filled.

addMessages("uk", resources.uk);
addMessages("en", resources.en);

const reference = i18next.createInstance();
await reference.init({ resources, lng: "uk", fallbackLng: "uk", defaultNS: "common", interpolation: { escapeValue: false } });

/** Every message key of a namespace, plural forms (siblings of an `_other`) folded into their base key. */
function keysOf(messages: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(messages).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const base = key.replace(/_(zero|one|two|few|many|other)$/, "");
    if (typeof value === "string")
      return [base !== key && `${base}_other` in messages ? path.slice(0, path.length - key.length) + base : path];
    return value && typeof value === "object" && !Array.isArray(value) ? keysOf(value as Record<string, unknown>, path) : [];
  });
}

const values = {
  name: "Олена",
  max: 5,
  min: 2,
  id: 7,
  site: "Портал",
  title: "Т",
  section: "S",
  page: 3,
  pages: 9,
  email: "a@b.c",
  n: 2,
  date: "1.1",
  time: "10:00",
};

describe("translate", () => {
  for (const language of ["uk", "en"] as Language[]) {
    it(`says what i18next says for every ${language} message`, () => {
      const t = reference.getFixedT(language);
      let compared = 0;
      for (const [ns, messages] of Object.entries(resources[language])) {
        for (const key of new Set(keysOf(messages as Record<string, unknown>))) {
          for (const count of [undefined, 0, 1, 3, 5, 21]) {
            const options = count === undefined ? values : { ...values, count };
            expect(translate(language, "common", `${ns}:${key}`, options), `${ns}:${key} count=${count}`).toBe(
              t(`${ns}:${key}` as "site_name", options as never),
            );
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(500);
    });
  }

  it("reads the default namespace without a prefix, keeps unfilled placeholders and falls back to the key or defaultValue", () => {
    expect(translate("en", "common", "site_name")).toBe(resources.en.common.site_name);
    expect(translate("uk", "adverts", "no.such.key")).toBe("no.such.key");
    expect(translate("uk", "adverts", "no.such.key", { defaultValue: "x" })).toBe("x");
    addMessages("en", { probe: { greet: "Hi {{name}}, {{missing}}" } });
    expect(translate("en", "probe", "greet", { name: "Ann" })).toBe("Hi Ann, {{missing}}");
  });

  it("picks Ukrainian plural forms by count", () => {
    addMessages("uk", {
      probe: {
        apples_one: "{{count}} яблуко",
        apples_few: "{{count}} яблука",
        apples_many: "{{count}} яблук",
        apples_other: "{{count}} яблука",
      },
    });
    expect([1, 2, 5, 21, 1.5].map((count) => translate("uk", "probe", "apples", { count }))).toEqual([
      "1 яблуко",
      "2 яблука",
      "5 яблук",
      "21 яблуко",
      "1.5 яблука",
    ]);
  });

  it("tells the components on screen about arriving messages only when one of them showed a key", () => {
    let told = 0;
    const unsubscribe = subscribeToMessages(() => told++);
    try {
      // Every text so far came from what was here (the page's hint): nothing to redraw.
      addMessages("uk", { probeHinted: { title: "Заголовок" } });
      expect(told).toBe(0);
      expect(translate("uk", "probeLate", "title")).toBe("title");
      addMessages("en", { probeLate: { title: "Title" } });
      expect(told).toBe(0);
      addMessages("uk", { probeLate: { title: "Заголовок" } });
      expect(told).toBe(1);
      expect(translate("uk", "probeLate", "title")).toBe("Заголовок");
      addMessages("uk", { probeLate: { title: "Заголовок" } });
      expect(told).toBe(1);
    } finally {
      unsubscribe();
    }
  });
});
