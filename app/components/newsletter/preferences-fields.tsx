import { FieldErrors } from "#app/components/forms/error-list.tsx";
import type { FieldState } from "#app/components/forms/field.tsx";
import { NEWSLETTER_TOPICS } from "#app/modules/newsletter/topics.ts";
import { useNewsletterT } from "./use-newsletter-t.ts";

export type CategoryOption = { id: number; name: string; depth: number };

export type PreferenceValues = { topics: readonly string[]; language: string; advertCategory: number | string | null | undefined };

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : []);

/**
 * The choices every newsletter form shares (subscribe, manage, cabinet): topics, the adverts'
 * category, the language. Plain controls, so the form posts the same without JS; the values
 * shown are the post's after a refusal, else the stored ones.
 */
export function PreferencesFields({
  formId,
  fields,
  categories,
  values,
}: {
  formId: string;
  fields: { topics: FieldState; advertCategory: FieldState; language: FieldState };
  categories: readonly CategoryOption[];
  values: PreferenceValues;
}) {
  const { t } = useNewsletterT();
  const posted = fields.topics.initialValue !== undefined || fields.language.initialValue !== undefined;
  const topics = posted ? asList(fields.topics.initialValue) : values.topics;
  const language = posted ? String(fields.language.initialValue ?? "") : values.language;
  const category = posted ? String(fields.advertCategory.initialValue ?? "") : String(values.advertCategory ?? "");
  const topicsError = fields.topics.errors?.length ? `${formId}-topics-error` : undefined;
  const languageError = fields.language.errors?.length ? `${formId}-language-error` : undefined;
  const categoryError = fields.advertCategory.errors?.length ? `${formId}-advertCategory-error` : undefined;
  return (
    <>
      <fieldset className="field choice-list" aria-describedby={topicsError}>
        <legend>{t("newsletter:form.topics")}</legend>
        {NEWSLETTER_TOPICS.map((topic) => (
          <label key={topic} className="choice-list__item">
            <input type="checkbox" name="topics" value={topic} defaultChecked={topics.includes(topic)} />
            <span>{t(`newsletter:topics.${topic}`)}</span>
          </label>
        ))}
        <FieldErrors id={`${formId}-topics-error`} errors={fields.topics.errors} />
      </fieldset>
      <div className="field">
        <label htmlFor={`${formId}-advertCategory`}>{t("newsletter:form.category")}</label>
        <p className="field__hint" id={`${formId}-advertCategory-hint`}>
          {t("newsletter:form.category_hint")}
        </p>
        <select
          id={`${formId}-advertCategory`}
          name="advertCategory"
          defaultValue={category}
          aria-invalid={categoryError ? true : undefined}
          aria-describedby={[`${formId}-advertCategory-hint`, categoryError].filter(Boolean).join(" ")}
        >
          <option value="">{t("newsletter:form.category_any")}</option>
          {categories.map((option) => (
            <option key={option.id} value={option.id}>
              {"\u2003".repeat(option.depth)}
              {option.name}
            </option>
          ))}
        </select>
        <FieldErrors id={`${formId}-advertCategory-error`} errors={fields.advertCategory.errors} />
      </div>
      <fieldset className="field choice-list" aria-describedby={languageError}>
        <legend>{t("newsletter:form.language")}</legend>
        {(["uk", "en"] as const).map((code) => (
          <label key={code} className="choice-list__item">
            <input type="radio" name="language" value={code} defaultChecked={language === code} />
            <span lang={code}>{t(`newsletter:languages.${code}`)}</span>
          </label>
        ))}
        <FieldErrors id={`${formId}-language-error`} errors={fields.language.errors} />
      </fieldset>
    </>
  );
}
