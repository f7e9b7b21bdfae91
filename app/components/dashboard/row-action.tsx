import { Form } from "react-router";
import { useAdminT } from "./use-admin-t.ts";

/** A one-button form acting on one row (move, delete...): works without JS. */
export function RowAction({ intent, id, label, ariaLabel, danger = false, extra }: { intent: string; id: number; label: string; ariaLabel?: string; danger?: boolean; extra?: Record<string, string> }) {
  return (
    <Form method="post" className="dash-row-action">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={`button ${danger ? "button--danger" : "button--secondary"} button--small`} aria-label={ariaLabel}>
        {label}
      </button>
    </Form>
  );
}

/** The actions of a row in an ordered taxonomy (categories, locations): move up, move down, and delete once unused. */
export function OrderedRowActions({ id, name, deletable }: { id: number; name: string; deletable: boolean }) {
  const { t } = useAdminT();
  return (
    <div className="dash-row-actions">
      <RowAction intent="up" id={id} label={t("admin:categories.up")} ariaLabel={t("admin:categories.up_named", { name })} />
      <RowAction intent="down" id={id} label={t("admin:categories.down")} ariaLabel={t("admin:categories.down_named", { name })} />
      {deletable ? <RowAction intent="delete" id={id} label={t("admin:actions.delete")} ariaLabel={t("admin:categories.delete_named", { name })} danger /> : null}
    </div>
  );
}
