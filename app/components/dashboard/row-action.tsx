import { Form } from "react-router";

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
