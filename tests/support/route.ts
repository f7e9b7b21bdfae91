// Call a route module's loader or action directly, the way React Router would on the
// server, without rendering anything.
//
//   const result = await callRoute(route.action, {
//     url: "/login", form: { email: "a@b.c", password: "x" }, params: {},
//   });
//   const res = await catchResponse(callRoute(route.loader, { url: "/cabinet" }));
//   expect(res.headers.get("Location")).toBe("/login?redirect=%2Fcabinet");
import { type RouterContext, RouterContextProvider } from "react-router";

export type FormInput =
  FormData | URLSearchParams | Record<string, string | number | boolean | Blob | null | undefined | Array<string | Blob>>;

export type RouteCallOptions = {
  /** Path (`/us/novyny?page=2`) or absolute URL; relative paths get http://localhost. */
  url?: string;
  /** Defaults to POST when `form` or `json` is given, else GET. */
  method?: string;
  /** Sent as multipart when it holds a Blob or is FormData, else urlencoded. */
  form?: FormInput;
  json?: unknown;
  headers?: HeadersInit;
  /** Cookie header value(s); Set-Cookie strings are accepted (attributes are dropped). */
  cookie?: string | Array<string | null | undefined> | null;
  params?: Record<string, string | undefined>;
  /** The route pattern (`/novyny/:slug`); defaults to the URL path. */
  pattern?: string;
  /** Values middleware would have put in the context (e.g. the signed-in user). */
  context?: RouterContextProvider | Iterable<readonly [RouterContext<any>, unknown]>;
};

const BASE = "http://localhost";

/** Turns Set-Cookie / cookie strings into one Cookie header value. */
export function cookieHeader(...cookies: Array<string | null | undefined>): string {
  return cookies
    .filter((cookie): cookie is string => Boolean(cookie))
    .map((cookie) => cookie.split(";")[0]!.trim())
    .filter(Boolean)
    .join("; ");
}

/** The Cookie header that carries the cookies a response set (for the next request). */
export function cookiesFrom(response: Response): string {
  return cookieHeader(...response.headers.getSetCookie());
}

function toBody(form: FormInput): FormData | URLSearchParams {
  if (form instanceof FormData || form instanceof URLSearchParams) return form;
  const entries = Object.entries(form).flatMap(([key, value]) =>
    value === undefined || value === null ? [] : (Array.isArray(value) ? value : [value]).map((v) => [key, v] as const),
  );
  if (entries.some(([, value]) => value instanceof Blob)) {
    const body = new FormData();
    for (const [key, value] of entries) body.append(key, value instanceof Blob ? value : String(value));
    return body;
  }
  return new URLSearchParams(entries.map(([key, value]) => [key, String(value)]));
}

export function buildRequest(options: RouteCallOptions = {}): Request {
  const url = new URL(options.url ?? "/", BASE);
  const headers = new Headers(options.headers);
  const cookie = Array.isArray(options.cookie) ? cookieHeader(...options.cookie) : cookieHeader(options.cookie);
  if (cookie) headers.set("Cookie", cookie);
  let body: BodyInit | undefined;
  if (options.form !== undefined) body = toBody(options.form);
  else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set("Content-Type", "application/json");
  }
  const method = (options.method ?? (body === undefined ? "GET" : "POST")).toUpperCase();
  if (method !== "GET" && method !== "HEAD" && !headers.has("Origin")) headers.set("Origin", url.origin);
  return new Request(url, { method, headers, body });
}

/**
 * The context a loader gets: the values given (the services are the process's: the test's
 * database, config and image store).
 */
export function buildContext(context: RouteCallOptions["context"]): RouterContextProvider {
  if (context instanceof RouterContextProvider) return context;
  const provider = new RouterContextProvider();
  for (const [key, value] of context ?? []) provider.set(key, value as never);
  return provider;
}

/** The arguments React Router gives a loader or action: a fresh Request, its URL and route, and the context. */
export function routeArgs(options: RouteCallOptions = {}) {
  const request = buildRequest(options);
  const url = new URL(request.url);
  return { request, url, pattern: options.pattern ?? url.pathname, params: options.params ?? {}, context: buildContext(options.context) };
}

/**
 * Calls a loader or action with a fresh Request and RouterContextProvider. Returns what
 * it returns; a thrown Response (redirect, 404) is rethrown: see catchResponse().
 */
export async function callRoute<F extends (args: any) => unknown>(
  fn: F | undefined,
  options: RouteCallOptions = {},
): Promise<Awaited<ReturnType<F>>> {
  if (!fn) throw new Error("callRoute: the route module has no such loader/action");
  return (await fn(routeArgs(options))) as Awaited<ReturnType<F>>;
}

/** The Response a loader/action threw or returned (redirects, 404s, a thrown `data(null, init)`); fails otherwise. */
export async function catchResponse(promise: Promise<unknown>): Promise<Response> {
  let outcome: unknown;
  try {
    outcome = await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    const thrown = error as { type?: unknown; init?: ResponseInit | null } | null;
    if (thrown && typeof thrown === "object" && thrown.type === "DataWithResponseInit") return new Response(null, thrown.init ?? undefined);
    throw error;
  }
  if (outcome instanceof Response) return outcome;
  throw new Error(`Expected a Response, got ${describe(outcome)}`);
}

/** Unwraps `data(value, init)` results; plain values come back with status 200. */
export function unwrapData<T>(result: T): { data: unknown; status: number; headers: Headers } {
  const wrapped = result as { type?: unknown; data?: unknown; init?: ResponseInit | null } | null;
  if (wrapped && typeof wrapped === "object" && wrapped.type === "DataWithResponseInit") {
    return { data: wrapped.data, status: wrapped.init?.status ?? 200, headers: new Headers(wrapped.init?.headers) };
  }
  return { data: result, status: 200, headers: new Headers() };
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value)?.slice(0, 200) ?? String(value);
  } catch {
    return String(value);
  }
}
