import { tKey, useAdminT } from "./use-admin-t.ts";

/** A status as a word with a colour, never a colour alone. "Scheduled" is published with a future time. */
export function StatusBadge({ status, scheduled = false }: { status: string; scheduled?: boolean }) {
  const { t } = useAdminT();
  const shown = scheduled ? "scheduled" : status;
  return <span className={`dash-status dash-status--${shown}`}>{tKey(t, `admin:status.${shown}`)}</span>;
}
