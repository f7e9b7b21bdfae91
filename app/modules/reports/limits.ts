// The report form's limits, apart from its zod schema so the browser can use them without zod.
export { REPORT_REASONS, REPORT_TARGET_TYPES } from "#db/schema.ts";
export const REPORT_MESSAGE_MAX = 2000;
