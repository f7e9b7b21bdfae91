import { data } from "react-router";

// The one way a loader, action or module refuses a request with a 4xx/5xx status. The response
// carries no words of its own: the layout's error boundary renders the localized page for the
// status (seo/error-texts.ts), so a message here would only reach `.data` requests.

const STATUS_TEXT = {
  400: "Bad Request",
  403: "Forbidden",
  404: "Page Not Found",
  405: "Method Not Allowed",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  503: "Service Unavailable",
} as const;

export type ErrorStatus = keyof typeof STATUS_TEXT;

/** Throws the error response for `status` (its standard status text, and `headers`). */
export function httpError(status: ErrorStatus, headers?: HeadersInit): never {
  throw data(null, { status, statusText: STATUS_TEXT[status], headers });
}

/**
 * Refuses the request unless `condition` holds: 400 by default, or the status given. After it,
 * TypeScript knows the condition holds (`invariantResponse(parsed.success)` narrows `parsed`).
 */
export function invariantResponse(condition: unknown, status: ErrorStatus = 400, headers?: HeadersInit): asserts condition {
  if (!condition) httpError(status, headers);
}

/** The 404 ("Page Not Found: {path}", docs/product.md#errors), rendered inside the shell by the layout's error boundary. */
export function notFound(): never {
  httpError(404);
}

export function badRequest(): never {
  httpError(400);
}

export function forbidden(): never {
  httpError(403);
}

/** 405 for a method the route does not answer; `allow` lists the ones it does ("POST"). */
export function methodNotAllowed(allow: string): never {
  httpError(405, { Allow: allow });
}

/**
 * The status of a refusal thrown by the functions above (or React Router's `data()`), else null:
 * for a route that renders its own error page instead of the layout's (a page other sites frame).
 */
export function refusedStatus(error: unknown): number | null {
  if (error instanceof Response) return error.status;
  const status = (error as { init?: ResponseInit | null } | null)?.init?.status;
  return typeof status === "number" ? status : null;
}
