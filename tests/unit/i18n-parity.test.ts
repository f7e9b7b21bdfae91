// Ukrainian and English translations must have the same namespaces and keys, and no
// empty strings. Files: app/locales/<locale>/<namespace>.json, nested objects allowed.
//
// Plural keys (i18next v4 JSON: key_one, key_few, key_many, key_other) are compared by
// their base key, because the languages have different plural forms: each locale must
// carry every form its language needs (Intl.PluralRules), uk: one/few/many/other,
// en: one/other. A key counts as plural only when some locale also has its `_other`
// form, so ordinary keys such as `too_many` stay ordinary keys.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// I18N_LOCALES_DIR: only to check this test itself against deliberately broken files.
const localesDir = process.env.I18N_LOCALES_DIR ?? path.resolve(import.meta.dirname, "../../app/locales");
const locales = { uk: "uk", en: "en" } as const; // directory -> BCP 47 language
type Locale = keyof typeof locales;
const localeNames = Object.keys(locales) as Locale[];

const PLURAL = /^(.*?)(_ordinal)?_(zero|one|two|few|many|other)$/;

type Flat = Map<string, unknown>;

function flatten(value: unknown, prefix: string, out: Flat): Flat {
  // Arrays (returnObjects) flatten by index: both locales need the same length.
  if (value !== null && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

function namespaces(locale: Locale): string[] {
  const dir = path.join(localesDir, locale);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.slice(0, -".json".length))
    .sort();
}

function load(locale: Locale, namespace: string): Flat {
  const file = path.join(localesDir, locale, `${namespace}.json`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`${path.relative(process.cwd(), file)} is not valid JSON: ${(error as Error).message}`);
  }
  return flatten(parsed, "", new Map());
}

/** Base keys (`items`, `place_ordinal`) that some locale has an `_other` form of. */
function pluralBases(flats: Flat[]): Set<string> {
  const bases = new Set<string>();
  for (const flat of flats) {
    for (const key of flat.keys()) {
      const match = PLURAL.exec(key);
      if (match?.[3] === "other") bases.add(`${match[1]}${match[2] ?? ""}`);
    }
  }
  return bases;
}

function pluralOf(key: string, bases: Set<string>): { base: string; form: string } | undefined {
  const match = PLURAL.exec(key);
  if (!match) return undefined;
  const base = `${match[1]}${match[2] ?? ""}`;
  return bases.has(base) ? { base, form: match[3]! } : undefined;
}

/** Keys with plural suffixes folded onto the base key; plural forms grouped per base. */
function keySet(flat: Flat, bases: Set<string>): { keys: Set<string>; plurals: Map<string, Set<string>> } {
  const keys = new Set<string>();
  const plurals = new Map<string, Set<string>>();
  for (const key of flat.keys()) {
    const plural = pluralOf(key, bases);
    if (!plural) {
      keys.add(key);
      continue;
    }
    keys.add(`${plural.base} (plural)`);
    if (!plurals.has(plural.base)) plurals.set(plural.base, new Set());
    plurals.get(plural.base)!.add(plural.form);
  }
  return { keys, plurals };
}

function placeholders(value: string): string[] {
  return [...value.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((match) => match[1]!).sort();
}

const allNamespaces = [...new Set(localeNames.flatMap(namespaces))].sort();

describe("translations", () => {
  it("exist for every locale", () => {
    for (const locale of localeNames) {
      expect(namespaces(locale), `no namespace files in app/locales/${locale}`).not.toHaveLength(0);
    }
  });

  it("have the same namespace files in every locale", () => {
    const missing = localeNames.flatMap((locale) =>
      allNamespaces.filter((ns) => !namespaces(locale).includes(ns)).map((ns) => `app/locales/${locale}/${ns}.json`),
    );
    expect(missing, "namespace files missing").toEqual([]);
  });

  describe.each(allNamespaces)("namespace %s", (namespace) => {
    const present = localeNames.filter((locale) => namespaces(locale).includes(namespace));
    const flat = Object.fromEntries(present.map((locale) => [locale, load(locale, namespace)])) as Partial<Record<Locale, Flat>>;
    const bases = pluralBases(Object.values(flat));

    it("has the same keys in every locale", () => {
      const sets = present.map((locale) => [locale, keySet(flat[locale]!, bases).keys] as const);
      const all = new Set(sets.flatMap(([, keys]) => [...keys]));
      const problems: string[] = [];
      for (const key of [...all].sort()) {
        const missingIn = sets.filter(([, keys]) => !keys.has(key)).map(([locale]) => locale);
        if (missingIn.length) problems.push(`${namespace}:${key} missing in ${missingIn.join(", ")}`);
      }
      expect(problems).toEqual([]);
    });

    it("has every plural form each language needs", () => {
      const problems: string[] = [];
      for (const locale of present) {
        for (const [base, forms] of keySet(flat[locale]!, bases).plurals) {
          const type = base.endsWith("_ordinal") ? "ordinal" : "cardinal";
          const needed = new Intl.PluralRules(locales[locale], { type }).resolvedOptions().pluralCategories;
          const missing = needed.filter((form) => !forms.has(form));
          if (missing.length) problems.push(`${locale}/${namespace}:${base} lacks ${missing.map((f) => `_${f}`).join(", ")}`);
        }
      }
      expect(problems).toEqual([]);
    });

    it("has no empty or non-string values", () => {
      const problems: string[] = [];
      for (const locale of present) {
        for (const [key, value] of flat[locale]!) {
          if (typeof value !== "string") problems.push(`${locale}/${namespace}:${key} is ${JSON.stringify(value)}`);
          else if (value.trim() === "") problems.push(`${locale}/${namespace}:${key} is empty`);
        }
      }
      expect(problems).toEqual([]);
    });

    it("uses the same {{placeholders}} in every locale", () => {
      const problems: string[] = [];
      const [first, ...rest] = present;
      if (!first) return;
      for (const [key, value] of flat[first]!) {
        if (pluralOf(key, bases) || typeof value !== "string") continue;
        for (const locale of rest) {
          const other = flat[locale]!.get(key);
          if (typeof other !== "string") continue;
          const a = placeholders(value).join(",");
          const b = placeholders(other).join(",");
          if (a !== b) problems.push(`${namespace}:${key} ${first} {{${a}}} vs ${locale} {{${b}}}`);
        }
      }
      expect(problems).toEqual([]);
    });
  });
});
