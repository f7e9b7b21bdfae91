import type { Resource } from "i18next";
import en from "#app/i18n/bundles/en.ts";
import uk from "#app/i18n/bundles/uk.ts";

// The server holds both languages; the browser loads only its page's language
// (see entry.client.tsx), one chunk per language.
export const resources = { uk, en } satisfies Resource;

export const defaultNS = "common";
