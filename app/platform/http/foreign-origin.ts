import { isRouteErrorResponse } from "react-router";

/** What the origin check (same-origin.server.ts) refuses a page's post with: the error page names the portal's address. */
export type ForeignOriginRefusal = { refusal: "foreign-origin"; expected: string };

export function foreignOriginRefusal(error: unknown): ForeignOriginRefusal | null {
  if (!isRouteErrorResponse(error) || error.status !== 403) return null;
  const data = error.data as Partial<ForeignOriginRefusal> | null | undefined;
  return data?.refusal === "foreign-origin" && typeof data.expected === "string"
    ? { refusal: "foreign-origin", expected: data.expected }
    : null;
}
