// The report form's limits, apart from its zod schema so the browser can use them without zod.
import { REPORT_REASONS, type ReportReason, type ReportTargetType } from "#db/schema.ts";

export { REPORT_REASONS, REPORT_TARGET_TYPES } from "#db/schema.ts";

/** A guide is reported as outdated, or asked about; the other reasons never fit one. */
const GUIDE_REASONS: readonly ReportReason[] = ["outdated", "question", "other"];

/** The reasons the form offers for a target: a guide's own, else all but the guides'. */
export function reportReasonsFor(target: ReportTargetType): readonly ReportReason[] {
  return target === "guide" ? GUIDE_REASONS : REPORT_REASONS.filter((reason) => reason !== "outdated" && reason !== "question");
}
export const REPORT_MESSAGE_MAX = 2000;
