import { submissionFormSpec, submissionStoredSpec } from "#app/modules/submissions/forms.ts";
import { CONTENT_SPECS, type ContentSpec } from "#app/modules/staff-content/types.ts";

// The content forms members fill in: the users' submission forms (submissions/forms.ts: no
// address, state, publication time, tags or search texts), for an organisation's events and
// for its own page. Pure: shared by the pages and the actions.

export const EVENT_TYPE = CONTENT_SPECS.posters.type;
export const PAGE_TYPE = CONTENT_SPECS.diaspors.type;

/** A new event's form: the users' poster form, its heading in either language. */
export function eventFormSpec(): ContentSpec {
  return submissionFormSpec(EVENT_TYPE);
}

/** What events are stored by, and edited with (the Ukrainian heading required, filled from the English one). */
export function eventStoredSpec(): ContentSpec {
  return submissionStoredSpec(EVENT_TYPE);
}

/** The organisation page's form (its Ukrainian name required: it is live). */
export function pageSpec(): ContentSpec {
  return submissionStoredSpec(PAGE_TYPE);
}

/** A spec that stores the slug the action sets (the item's own): the users' forms have none, and the title would make a new one. */
export function withKeptSlug(spec: ContentSpec): ContentSpec {
  return { ...spec, groups: [...spec.groups, { id: "publishing", fields: [{ kind: "slug", name: "slug" }] }] } as ContentSpec;
}
