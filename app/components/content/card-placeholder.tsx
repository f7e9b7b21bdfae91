import { BookOpenText, BriefcaseBusiness, CalendarDays, Megaphone, Newspaper, ShoppingBag, UsersRound } from "lucide-react";

const ICONS = {
  novyny: Newspaper,
  poster: CalendarDays,
  advertisement: ShoppingBag,
  services: BriefcaseBusiness,
  diaspors: UsersRound,
  dovidnyk: BookOpenText,
  reklama: Megaphone,
};

export type PlaceholderKind = keyof typeof ICONS;

/** The section a locale-free item path belongs to, for cards that only know their path. */
export function placeholderKindOf(path: string): PlaceholderKind {
  const first = path.split("/")[1] ?? "";
  return first in ICONS ? (first as PlaceholderKind) : "novyny";
}

/** A stable hue (0-359) for a category slug: the same category always gets the same colour. */
function hueOf(seed: string): number {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) % 3600;
  return Math.round(hash / 10);
}

/**
 * What a card shows instead of a missing photo or logo: the category's colour and the
 * section's icon, at the card's media ratio. Decorative: the card's text says it all. A small
 * thumbnail in a long list (the inbox) may leave the icon out: the colour is enough there.
 */
export function CardPlaceholder({
  kind,
  seed,
  className,
  icon = true,
}: {
  kind: PlaceholderKind;
  seed?: string | null;
  className: string;
  icon?: boolean;
}) {
  const Icon = ICONS[kind];
  return (
    <div
      className={`${className} card-placeholder`}
      style={{ "--placeholder-hue": hueOf(seed || kind) } as React.CSSProperties}
      aria-hidden="true"
    >
      {icon ? <Icon size={40} strokeWidth={1.5} /> : null}
    </div>
  );
}
