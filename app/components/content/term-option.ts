import type { Language } from "~/i18n/locales";
import { langAttr, type LocalizedText } from "~/modules/content/localized";

/** A category or location as a filter's option: its slug, its name (with `lang` where it is in the other language). */
export function termOption(term: { slug: string; name: LocalizedText }, language: Language) {
  return { value: term.slug, label: term.name.text, lang: langAttr(term.name, language) };
}
