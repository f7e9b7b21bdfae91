import { statusLabel, type AdvertKind } from "#app/modules/adverts/kinds.ts";
import type { AdvertStatus } from "#app/modules/adverts/status.ts";
import { useAdvertsT } from "./use-adverts-t.ts";

/** The advert's status; a help advert marked sold reads "resolved" (kinds.ts). */
export function StatusBadge({ status, kind = "offer" }: { status: AdvertStatus; kind?: AdvertKind }) {
  const { t } = useAdvertsT();
  return <span className={`status-badge status-badge--${status}`}>{t(`status.${statusLabel(status, kind)}`)}</span>;
}
