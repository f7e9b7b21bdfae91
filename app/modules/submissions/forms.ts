import { PUBLIC_SPECS, typesWithSpec, type SubmittedType } from "#app/modules/staff-content/public-specs.ts";
import { contentSpec, type ContentSpec, type ContentTable, type FieldSpec } from "#app/modules/staff-content/types.ts";

// What users may send in (the registry's types with `submission`), and the form each gets: the
// staff form's own field descriptions (staff-content/types.ts), without what only staff decide
// (address, state, publication time, tags, search texts, an exact point). Pure: shared by the page and the action.

export type SubmissionType = SubmittedType;
export const SUBMISSION_TYPES = typesWithSpec("submission") as [SubmissionType, ...SubmissionType[]];

type Submission<K extends SubmissionType> = (typeof PUBLIC_SPECS)[K]["submission"];

/** The cabinet page of each type's form (locale-free). */
export const SUBMISSION_PATHS = Object.fromEntries(SUBMISSION_TYPES.map((type) => [type, PUBLIC_SPECS[type].submission.path])) as Record<
  SubmissionType,
  string
>;

/** The link to each type's form. */
export const SUBMISSION_LINKS = Object.fromEntries(SUBMISSION_TYPES.map((type) => [type, PUBLIC_SPECS[type].submission.link])) as {
  [K in SubmissionType]: Submission<K>["link"];
};

export const SUBMISSIONS_PATH = "/cabinet/submissions";

export function isSubmissionType(value: unknown): value is SubmissionType {
  return typeof value === "string" && (SUBMISSION_TYPES as readonly string[]).includes(value);
}

const STAFF_ONLY = new Set<FieldSpec<ContentTable>["kind"]>(["slug", "status", "tags", "point"]);

/**
 * A type's description as users fill it in. `heading` "either": the heading may be written in
 * one language only, English or Ukrainian (the browser's check); "stored": the Ukrainian one is
 * required, which the action fills from the English one when only that was written.
 */
function narrowed(spec: ContentSpec, heading: "either" | "stored"): ContentSpec {
  const groups = spec.groups
    .filter((group) => group.id !== "publishing" && group.id !== "seo")
    .map((group) => ({
      ...group,
      fields: (group.fields as ReadonlyArray<FieldSpec<ContentTable>>)
        .filter((field) => !STAFF_ONLY.has(field.kind))
        .map((field) =>
          heading === "either" && field.kind === "text" && field.bilingual && field.required ? { ...field, required: false } : field,
        ),
    }));
  // No tags either: the form loads no tag list.
  return { ...spec, groups, tags: undefined } as ContentSpec;
}

function specs(type: SubmissionType) {
  const spec = contentSpec(type);
  return { form: narrowed(spec, "either"), stored: narrowed(spec, "stored") };
}

/** Built once: the form schema is cached by description. */
const SPECS = Object.fromEntries(SUBMISSION_TYPES.map((type) => [type, specs(type)])) as Record<SubmissionType, ReturnType<typeof specs>>;

/** The description the submission form is laid out and checked in the browser by. */
export function submissionFormSpec(type: SubmissionType): ContentSpec {
  return SPECS[type].form;
}

/** The description the action stores a submission by. */
export function submissionStoredSpec(type: SubmissionType): ContentSpec {
  return SPECS[type].stored;
}

/** The heading's Ukrainian and English field names (`title_uk`, `name_en`). */
export function headingFields(type: SubmissionType): { uk: string; en: string } {
  const spec = SPECS[type].stored;
  return { uk: spec.title.uk, en: spec.title.en ?? spec.title.uk };
}

/** The honeypot: hidden from people, filled in by bots (`website` is a real field of the directories). */
export const HONEYPOT_FIELD = "homepage";
