/** An OpenStreetMap search for a place: its parts (venue, address, town…) that are known, joined by commas. */
export function mapSearchUrl(parts: ReadonlyArray<string | null | undefined>): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(parts.filter(Boolean).join(", "))}`;
}
