import type { RouterContextProvider } from "react-router";
import { getInstance, getPageLanguage } from "#app/i18n/request.server.ts";
import type { Language } from "#app/i18n/locales.ts";
import { categoryRows } from "#app/modules/taxonomy/public-terms.server.ts";
import { pickLocalized } from "#app/platform/format/localized.ts";

// What the newsletter's pages share on the server: their translator and the adverts' categories
// as the form's select lists them (a subcategory under its parent).

export function newsletterT(context: Readonly<RouterContextProvider>) {
  return getInstance(context).getFixedT(getPageLanguage(context), ["newsletter", "common"]);
}

export async function advertCategoryOptions(language: Language): Promise<Array<{ id: number; name: string; depth: number }>> {
  const rows = await categoryRows("advertisement");
  const ids = new Set(rows.map((row) => row.id));
  const top = rows.filter((row) => row.parent_id === null || !ids.has(row.parent_id));
  return top.flatMap((parent) => [
    { id: parent.id, name: pickLocalized(parent.name_uk, parent.name_en, language).text, depth: 0 },
    ...rows
      .filter((row) => row.parent_id === parent.id)
      .map((child) => ({ id: child.id, name: pickLocalized(child.name_uk, child.name_en, language).text, depth: 1 })),
  ]);
}
