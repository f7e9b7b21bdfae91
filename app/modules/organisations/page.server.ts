import type { SessionUser } from "#app/modules/auth/session.server.ts";
import { loadItem, type ItemRow } from "#app/modules/staff-content/items.server.ts";
import { saveContentForm, type SaveResult } from "#app/modules/staff-content/save.server.ts";
import type { ContentPost } from "#app/modules/staff-content/uploads.server.ts";
import { pageSpec, withKeptSlug } from "./forms.ts";

// Members of a trusted organisation edit its live page with the users' form (no address, state
// or search texts), saved as staff's edits are: versioned and audited. An untrusted
// organisation's page is not edited by its members (a pending edit of a live page would need a
// draft copy of it).

export async function loadOrganisationPage(organisationId: number): Promise<ItemRow | undefined> {
  return loadItem(pageSpec(), organisationId);
}

export async function saveOrganisationPage(row: ItemRow, posted: ContentPost, user: Pick<SessionUser, "id" | "role">): Promise<SaveResult> {
  posted.form.set("slug", row.slug);
  return saveContentForm(withKeptSlug(pageSpec()), posted, { id: user.id, role: user.role }, row.id);
}
