import { usePageLanguage } from "#app/hooks/use-t.ts";
import { useTranslation } from "#app/i18n/translate.ts";
import { formatDistance } from "#app/platform/geo/radius.ts";

/** "Відстань: 12 км" on a card of a list measured from a place; nothing under a kilometre or unmeasured. */
export function CardDistance({ km }: { km: number | null }) {
  const language = usePageLanguage();
  const { t } = useTranslation("common", { lng: language });
  if (km === null || km < 1) return null;
  return <p className="content-card__distance">{t("near.distance", { distance: formatDistance(km, language) })}</p>;
}
