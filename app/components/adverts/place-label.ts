import type { Radius } from "#app/platform/geo/radius.ts";
import { useAdvertsT } from "./use-adverts-t.ts";

/**
 * A place filter in words, for a saved search's default name and its line in the cabinet:
 * "Kraków" (the city itself), "Kraków + 20 km", "Kraków · any distance".
 */
export function usePlaceLabel(): (name: string, radius: Radius) => string {
  const { t } = useAdvertsT();
  return (name, radius) => {
    if (radius === null) return name;
    if (radius === "any") return `${name} · ${t("common:near.any_distance")}`;
    return `${name} ${t("common:near.within", { km: radius })}`;
  };
}
