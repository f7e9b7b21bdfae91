import type { ReactNode } from "react";
import type { Language } from "#app/i18n/locales.ts";
import { langAttr, type LocalizedText } from "#app/platform/format/localized.ts";

type Option = { value: string | number; label: ReactNode; lang?: string };

/**
 * A labelled select of a GET filter form (the public lists' and the dashboard's): an optional
 * "any" choice (the empty value) first, then `options`. Wrapped in a `<div>` of `className`
 * when given.
 */
export function FilterSelect({
  id,
  name,
  label,
  anyLabel,
  defaultValue,
  options,
  className,
}: {
  id: string;
  name: string;
  label: ReactNode;
  anyLabel?: string;
  defaultValue: string;
  options: readonly Option[];
  className?: string;
}) {
  const field = (
    <>
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={defaultValue}>
        {anyLabel === undefined ? null : <option value="">{anyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
  return className ? <div className={className}>{field}</div> : field;
}

/** A category or location as an option: its slug, its name (with `lang` where it is in the other language). */
export function termOption(term: { slug: string; name: LocalizedText }, language: Language): Option {
  return { value: term.slug, label: term.name.text, lang: langAttr(term.name, language) };
}
