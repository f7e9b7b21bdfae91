import type { Language } from "#app/i18n/locales.ts";
import { pickLocalized, type LocalizedText } from "#app/platform/format/localized.ts";
import { formatDate } from "#app/platform/format/dates.ts";
import { numberFormat } from "#app/platform/format/intl.ts";
import type { JobFacts } from "#app/platform/seo/structured-data.ts";
import { categoryFields, type CategoryField } from "./category-fields.server.ts";
import { advertFieldTexts, formField } from "./category-field-store.server.ts";
import { parseFieldNumber } from "./category-field-values.ts";
import { isPriceField } from "./field-price.ts";

// An advert's category fields as its page shows them (label and value in the page's
// language) and, for a job advert, what its JobPosting says.

/** One fact of the advert page: "Rent" — "2 800 zł / month". */
export type AdvertFact = { key: string; label: LocalizedText; value: LocalizedText };

type YesNo = { yes: string; no: string };

/** A job advert is one whose category has an `employment` list (jobs and its subcategories in the demo). */
function isJobCategory(fields: readonly CategoryField[]): boolean {
  return fields.some((field) => field.key === "employment" && field.kind === "select");
}

function factValue(field: CategoryField, text: string, language: Language, words: YesNo): LocalizedText {
  const view = formField(field, language);
  switch (field.kind) {
    case "number": {
      const number = parseFieldNumber(text);
      const shown = number === null ? text : numberFormat(language, "field", { maximumFractionDigits: 2 }).format(number);
      return { text: view.unit ? `${shown} ${view.unit}` : shown, lang: language };
    }
    case "select":
      return view.options.find((option) => option.value === text)?.label ?? { text, lang: language };
    case "boolean":
      return { text: text === "yes" ? words.yes : words.no, lang: language };
    case "date":
      // Noon UTC is the same day in the site's zone.
      return { text: formatDate(new Date(`${text}T12:00:00Z`), language), lang: language };
    case "text":
      return { text, lang: language };
  }
}

function jobFacts(fields: readonly CategoryField[], texts: ReadonlyMap<number, string>): JobFacts {
  const byKey = (key: string) => fields.find((field) => field.key === key);
  const text = (key: string) => {
    const field = byKey(key);
    return field ? (texts.get(field.id) ?? null) : null;
  };
  const number = (key: string) => {
    const value = text(key);
    return value === null ? null : parseFieldNumber(value);
  };
  const salaryField = byKey("salary_from") ?? byKey("salary_to") ?? byKey("salary");
  return {
    employment: text("employment"),
    salaryFrom: number("salary_from") ?? number("salary"),
    salaryTo: number("salary_to"),
    salaryUnit: salaryField ? (salaryField.unit_en ?? salaryField.unit_uk) : null,
    remote: text("remote") === "yes",
  };
}

/** The advert's facts in its category's field order (live fields with a value, but for its price), and its job facts when it is a job. */
export async function advertFacts(
  advertId: number,
  categoryId: number | null,
  language: Language,
  words: YesNo,
): Promise<{ facts: AdvertFact[]; job: JobFacts | null }> {
  if (categoryId === null) return { facts: [], job: null };
  const [fields, texts] = await Promise.all([categoryFields(categoryId), advertFieldTexts(advertId)]);
  const facts = fields.flatMap((field) => {
    const text = texts.get(field.id);
    // A price field is the advert's price, shown once as such (field-price.ts).
    return text === undefined || isPriceField(field)
      ? []
      : [
          {
            key: field.key,
            label: pickLocalized(field.label_uk, field.label_en, language),
            value: factValue(field, text, language, words),
          },
        ];
  });
  return { facts, job: isJobCategory(fields) ? jobFacts(fields, texts) : null };
}
