/**
 * Moves `id` one place up or down in `order` (ids in position order; changed in place): the
 * "up" and "down" of an ordered list. Its old and new index, or null when it is at that end
 * or not in the list.
 */
export function moveOneStep(order: number[], id: number, direction: "up" | "down"): { from: number; to: number } | null {
  const from = order.indexOf(id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= order.length) return null;
  [order[from], order[to]] = [order[to]!, order[from]!];
  return { from, to };
}
