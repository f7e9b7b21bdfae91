// The photo lightbox's arithmetic (zoom step 0.12, min 0.1, max 3, swipe tolerance 50 px). Pure.

export const LIGHTBOX = { zoomStep: 0.12, minZoom: 0.1, maxZoom: 3, swipeTolerance: 50 } as const;

/** The zoom after one step in `direction` (+1 in, -1 out), kept within the limits. */
export function stepZoom(current: number, direction: 1 | -1): number {
  const next = current + direction * LIGHTBOX.zoomStep;
  return Math.round(Math.min(LIGHTBOX.maxZoom, Math.max(LIGHTBOX.minZoom, next)) * 100) / 100;
}

/**
 * A finished horizontal drag: "next" for a leftward swipe, "previous" for a rightward one,
 * null when it moved less than the tolerance or more vertically than horizontally.
 */
export function swipeDirection(dx: number, dy: number): "next" | "previous" | null {
  if (Math.abs(dx) < LIGHTBOX.swipeTolerance || Math.abs(dx) < Math.abs(dy)) return null;
  return dx < 0 ? "next" : "previous";
}

/** The index after moving by `step`, wrapping around. */
export function wrapIndex(index: number, step: number, count: number): number {
  return count === 0 ? 0 : (((index + step) % count) + count) % count;
}
