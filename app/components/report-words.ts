import type { ReportTargetType } from "#db/schema.ts";

/**
 * The report form's words for a target. On a guide the same form carries "this is outdated"
 * and a reader's question, so it does not speak of a complaint there.
 */
export function reportFormWords(targetType: ReportTargetType) {
  return targetType === "guide"
    ? ({
        toggle: "reports:guide_form.toggle",
        heading: "reports:guide_form.heading",
        lead: "reports:guide_form.lead",
        submit: "reports:guide_form.submit",
      } as const)
    : ({
        toggle: "reports:form.toggle",
        heading: "reports:form.heading",
        lead: "reports:form.lead",
        submit: "reports:form.submit",
      } as const);
}
