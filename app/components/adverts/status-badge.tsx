import type { AdvertStatus } from "#app/modules/adverts/status.ts";
import { useAdvertsT } from "./use-adverts-t.ts";

export function StatusBadge({ status }: { status: AdvertStatus }) {
  const { t } = useAdvertsT();
  return <span className={`status-badge status-badge--${status}`}>{t(`status.${status}`)}</span>;
}
