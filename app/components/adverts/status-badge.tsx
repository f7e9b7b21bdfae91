import type { AdvertStatus } from "~/modules/adverts/status";
import { useAdvertsT } from "./use-adverts-t";

export function StatusBadge({ status }: { status: AdvertStatus }) {
  const { t } = useAdvertsT();
  return <span className={`status-badge status-badge--${status}`}>{t(`status.${status}`)}</span>;
}
