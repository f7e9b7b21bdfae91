import { notFound } from "#app/platform/http/errors.ts";

/** Items per list page, everywhere. */
export const PAGE_SIZE = 12;

export type Pagination = { page: number; pageCount: number; total: number };

/**
 * The `?page=N` of a list URL: absent means 1; anything but one positive integer without
 * leading zeros (`0`, `-1`, `2x`, `01`, `page=1&page=2`) is the 404.
 */
export function parsePage(url: URL): number {
  const values = url.searchParams.getAll("page");
  if (values.length === 0) return 1;
  if (values.length > 1 || !/^[1-9]\d{0,5}$/.test(values[0]!)) notFound();
  return Number(values[0]);
}

function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A page past the last one is a 404; page 1 of an empty list is a page with a "nothing here" message. */
export function checkPage(page: number, total: number, pageSize = PAGE_SIZE): Pagination {
  const count = pageCount(total, pageSize);
  if (page > count) notFound();
  return { page, pageCount: count, total };
}

export function offsetOf(page: number, pageSize = PAGE_SIZE): number {
  return (page - 1) * pageSize;
}
