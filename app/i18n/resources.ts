import type { Resource } from "i18next";
import enCommon from "../locales/en/common.json";
import ukCommon from "../locales/uk/common.json";

// Every namespace of both languages ships to the browser: they are small, and
// hydration needs the active language's messages synchronously.
export const resources = {
  uk: { common: ukCommon },
  en: { common: enCommon },
} satisfies Resource;

export const defaultNS = "common";
export const namespaces = Object.keys(resources.uk) as Array<keyof typeof resources.uk>;
