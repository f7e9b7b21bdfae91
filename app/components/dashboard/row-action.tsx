import { IntentButton } from "#app/components/forms/intent-button.tsx";
import { useAdminT } from "./use-admin-t.ts";

/** A one-button form acting on one row (move, delete...): works without JS. */
export function RowAction({
  intent,
  id,
  label,
  ariaLabel,
  danger = false,
  extra,
}: {
  intent: string;
  id: number;
  label: string;
  ariaLabel?: string;
  danger?: boolean;
  extra?: Record<string, string>;
}) {
  return (
    <IntentButton
      intent={intent}
      fields={{ id, ...extra }}
      formClassName="dash-row-action"
      buttonClassName={`button ${danger ? "button--danger" : "button--secondary"} button--small`}
      ariaLabel={ariaLabel}
    >
      {label}
    </IntentButton>
  );
}

/** The actions of a row in an ordered taxonomy (categories, locations): move up, move down, and delete once unused. */
export function OrderedRowActions({ id, name, deletable }: { id: number; name: string; deletable: boolean }) {
  const { t } = useAdminT();
  return (
    <div className="dash-row-actions">
      <RowAction intent="up" id={id} label={t("admin:categories.up")} ariaLabel={t("admin:categories.up_named", { name })} />
      <RowAction intent="down" id={id} label={t("admin:categories.down")} ariaLabel={t("admin:categories.down_named", { name })} />
      {deletable ? (
        <RowAction
          intent="delete"
          id={id}
          label={t("admin:actions.delete")}
          ariaLabel={t("admin:categories.delete_named", { name })}
          danger
        />
      ) : null}
    </div>
  );
}
