import { randomUUID } from "node:crypto";
import type http from "node:http";
import type { ServerBuild } from "react-router";
import type { Logger } from "pino";
import { httpDuration, httpRequests, pageCacheLookups } from "#app/platform/metrics/metrics.server.ts";

// One access-log line and the request metrics for every request the server answers. The path
// is logged without its query (a query may hold a token: a sign-in link, an export link);
// metrics are labelled by the matched route's id, never by the path, so their series stay few
// whatever addresses clients make up.

/** An incoming X-Request-Id is kept when it is this: a proxy's or a client's id, short and harmless in a log. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
/** A path longer than this is cut in the log line: one request cannot write a megabyte of log. */
const MAX_LOGGED_PATH = 512;
/** Paths whose route id is remembered; past this many the memory starts over. */
const ROUTE_MEMO_SIZE = 5_000;

function requestIdOf(header: string | string[] | undefined): string {
  const incoming = Array.isArray(header) ? header[0] : header;
  return incoming !== undefined && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The path of a request target, without its query or fragment, cut at MAX_LOGGED_PATH. */
export function loggedPath(target: string | undefined): string {
  const path = (target ?? "/").split(/[?#]/, 1)[0]!;
  return path.length > MAX_LOGGED_PATH ? `${path.slice(0, MAX_LOGGED_PATH)}…` : path;
}

const METHODS = new Set(["GET", "HEAD", "POST"]);

/**
 * The id of the app route a path matches (`routes/news-item/route`), from the build's route
 * table; `.data` requests are their page's route. A build given as a function (the dev
 * server) has no table at hand: every app request is then `app`.
 */
export function routeLabeler(build: ServerBuild | (() => Promise<ServerBuild>)): (path: string) => string {
  if (typeof build === "function") return () => "app";
  const branches = rankedBranches(build.routes);
  const memo = new Map<string, string>();
  return (path) => {
    const known = memo.get(path);
    if (known !== undefined) return known;
    const page = path === "/_root.data" ? "/" : path.endsWith(".data") ? path.slice(0, -".data".length) : path;
    const label = page === "/__manifest" ? "manifest" : (branches.find((branch) => branch.pattern.test(page))?.id ?? "unmatched");
    if (memo.size >= ROUTE_MEMO_SIZE) memo.clear();
    memo.set(path, label);
    return label;
  };
}

// React Router's matchRoutes would answer the same, but it flattens and ranks the whole route
// table on every call (about 1 ms for this app's): a made-up path per request would cost that
// each time. The table is flattened and ranked here once, by React Router's rules (optional
// segments exploded, static > dynamic > splat, siblings in their order), each path compiled.

type RouteEntry = NonNullable<ServerBuild["routes"][string]>;
type Branch = { id: string; score: number; indexes: number[]; pattern: RegExp };

function rankedBranches(routes: ServerBuild["routes"]): Branch[] {
  const children = new Map<string | undefined, RouteEntry[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    children.set(route.parentId, [...(children.get(route.parentId) ?? []), route]);
  }
  const branches: Branch[] = [];
  const flatten = (parentId: string | undefined, parentPath: string, indexes: number[]) => {
    (children.get(parentId) ?? []).forEach((route, index) => {
      const relatives =
        route.path === undefined || route.path === "" || !route.path.includes("?")
          ? [route.path ?? ""]
          : explodeOptionalSegments(route.path);
      for (const relative of relatives) {
        const path = `${parentPath}/${relative}`.replace(/\/\/+/g, "/");
        flatten(route.id, path, [...indexes, index]);
        if (route.path === undefined && !route.index) continue;
        branches.push({
          id: route.id,
          score: scoreOf(path, route.index === true),
          indexes: [...indexes, index],
          pattern: compiledPath(path, route.caseSensitive === true),
        });
      }
    });
  };
  flatten(undefined, "", []);
  return branches.sort((a, b) => (a.score !== b.score ? b.score - a.score : siblingOrder(a.indexes, b.indexes)));
}

function explodeOptionalSegments(path: string): string[] {
  const [first = "", ...rest] = path.split("/");
  const optional = first.endsWith("?");
  const required = first.replace(/\?$/, "");
  if (rest.length === 0) return optional ? [required, ""] : [required];
  const restExploded = explodeOptionalSegments(rest.join("/"));
  const result = restExploded.map((subpath) => (subpath === "" ? required : `${required}/${subpath}`));
  if (optional) result.push(...restExploded);
  return result.map((exploded) => (path.startsWith("/") && exploded === "" ? "/" : exploded));
}

function scoreOf(path: string, index: boolean): number {
  const segments = path.split("/");
  let score = segments.length + (segments.includes("*") ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === "*") continue;
    score += /^:[\w-]+$/.test(segment) ? 3 : /^:[\w-]+/.test(segment) ? 3.5 : segment === "" ? 1 : 10;
  }
  return score;
}

function siblingOrder(a: number[], b: number[]): number {
  return a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]) ? a.at(-1)! - b.at(-1)! : 0;
}

function compiledPath(path: string, caseSensitive: boolean): RegExp {
  let source =
    "^" +
    path
      .replace(/\/*\*?$/, "")
      .replace(/^\/*/, "/")
      .replace(/[\\.*+^${}|()[\]]/g, "\\$&")
      .replace(/\/:([\w-]+)(\?)?/g, (_match, _name, optional) => (optional ? "(?:/([^\\/]*))?" : "/([^\\/]+)"))
      .replace(/\/([\w-]+)\?(?=\/|$|\()/g, "(?:/$1)?");
  source += path.endsWith("*") ? (path === "*" || path === "/*" ? "(.*)$" : "(?:\\/(.+)|\\/*)$") : "\\/*$";
  return new RegExp(source, caseSensitive ? undefined : "i");
}

/**
 * Starts watching a request: gives it a request id (echoed in X-Request-Id, and handed to the
 * app in the same request header), and once its answer is done or its connection gone, writes
 * the access-log line and counts it. Returns how to name what served it (a route id, `static`…).
 */
export function trackRequest(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  log: Logger,
): { id: string; servedBy: (label: string) => void } {
  const started = performance.now();
  const id = requestIdOf(req.headers["x-request-id"]);
  req.headers["x-request-id"] = id;
  res.setHeader("X-Request-Id", id);
  // Captured now: the server rewrites a HEAD to a GET, and the target to its origin form.
  const method = req.method ?? "";
  const socket = req.socket;
  const bytesBefore = socket.bytesWritten;
  let route = "other";
  res.once("close", () => {
    const ms = performance.now() - started;
    const status = res.statusCode;
    const statusClass = `${Math.floor(status / 100)}xx`;
    const fields = {
      reqId: id,
      method,
      path: loggedPath(req.url),
      route,
      status,
      ms: Math.round(ms * 10) / 10,
      bytes: socket.bytesWritten - bytesBefore,
      ...(res.writableFinished ? {} : { aborted: true }),
    };
    if (status >= 500) log.warn(fields, "request");
    else log.info(fields, "request");
    httpRequests().inc({ route, method: METHODS.has(method) ? method : "OTHER", status: statusClass });
    httpDuration().observe({ route, status: statusClass }, ms / 1000);
    const cache = res.getHeader("x-page-cache");
    if (cache === "hit" || cache === "miss") pageCacheLookups().inc({ result: cache });
  });
  return { id, servedBy: (label) => void (route = label) };
}
