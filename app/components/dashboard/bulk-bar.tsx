import { Form } from "react-router";
import type { StateAction } from "#app/modules/staff-content/actions.ts";
import type { ListQuery } from "#app/modules/staff-content/list-query.ts";
import { tKey, useAdminT } from "./use-admin-t.ts";

/**
 * Bulk actions: on the ticked rows (their checkboxes belong to this form), or on every row
 * the current filter shows, across all pages. The filter travels with the form, and the
 * server picks the rows with the list's own where-builder.
 */
export function BulkBar({ query, actions, total }: { query: ListQuery; actions: StateAction[]; total: number }) {
  const { t } = useAdminT();
  if (total === 0) return null;
  return (
    <Form method="post" id="bulk-form" className="dash-bulk" aria-label={t("admin:bulk.label")}>
      {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
      {query.status ? <input type="hidden" name="status" value={query.status} /> : null}
      {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
      {query.author ? <input type="hidden" name="author" value={query.author} /> : null}
      <input type="hidden" name="view" value={query.view} />
      <fieldset className="dash-bulk__scope">
        <legend>{t("admin:bulk.scope")}</legend>
        <label>
          <input type="radio" name="scope" value="selected" defaultChecked /> {t("admin:bulk.scope_selected")}
        </label>
        <label>
          <input type="radio" name="scope" value="all" /> {t("admin:bulk.scope_all", { count: total })}
        </label>
      </fieldset>
      <div className="dash-bulk__action">
        <label htmlFor="bulk-action">{t("admin:bulk.action")}</label>
        <select id="bulk-action" name="action" required defaultValue="">
          <option value="" disabled>
            {t("admin:bulk.choose")}
          </option>
          {actions.map((action) => (
            <option key={action} value={action}>
              {tKey(t, `admin:actions.${action}`)}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--secondary">
          {t("admin:bulk.apply")}
        </button>
      </div>
    </Form>
  );
}
