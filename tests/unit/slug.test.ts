import { describe, expect, it } from "vitest";
import { slugify, transliterate } from "#app/platform/slug/transliterate.ts";

describe("slugify (Ukrainian national transliteration)", () => {
  it("transliterates the letters that need more than one Latin letter", () => {
    expect(transliterate("щука жук хата цукор чай шафа")).toBe("shchuka zhuk khata tsukor chai shafa");
    expect(slugify("Гончаренко Ґудзь")).toBe("honcharenko-gudz");
    expect(slugify("Згорани")).toBe("zghorany");
  });

  it("uses the word-initial forms of є, ї, й, ю, я and the inner forms elsewhere", () => {
    expect(slugify("Яблуко і груша")).toBe("yabluko-i-hrusha");
    expect(slugify("Юрій Європа Їжак Йосип")).toBe("yurii-yevropa-yizhak-yosyp");
    expect(slugify("Маріуполь Києве Стрий")).toBe("mariupol-kyieve-stryi");
    expect(slugify("Наші контакти")).toBe("nashi-kontakty");
  });

  it("drops the soft sign and apostrophes inside words", () => {
    expect(slugify("М'ясо, сім’я, п'ять")).toBe("miaso-simia-piat");
    expect(slugify("Львівська область")).toBe("lvivska-oblast");
  });

  it("keeps Latin text and digits, strips accents and punctuation", () => {
    expect(slugify("Kraków 2026: Фестиваль «Вишиванка»!")).toBe("krakow-2026-festyval-vyshyvanka");
    expect(slugify("  --Привіт--  ")).toBe("pryvit");
    expect(slugify("!!!")).toBe("");
  });

  it("cuts long titles at a word boundary", () => {
    const slug = slugify("Дуже довгий заголовок новини про життя української громади за кордоном", 40);
    expect(slug.length).toBeLessThanOrEqual(40);
    expect(slug).toBe("duzhe-dovhyi-zaholovok-novyny-pro");
    expect(slug.endsWith("-")).toBe(false);
  });
});
