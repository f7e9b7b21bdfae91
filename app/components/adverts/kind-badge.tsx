import type { AdvertKind } from "#app/modules/adverts/kinds.ts";
import { useAdvertsT } from "./use-adverts-t.ts";

/** What an advert is, on its card and page: nothing for an offer (most adverts), a badge for the rest. */
export function KindBadge({ kind, className }: { kind: AdvertKind; className?: string }) {
  const { t } = useAdvertsT();
  if (kind === "offer") return null;
  return <span className={["kind-badge", `kind-badge--${kind}`, className].filter(Boolean).join(" ")}>{t(`kind.${kind}`)}</span>;
}
