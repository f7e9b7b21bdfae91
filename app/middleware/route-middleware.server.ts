import type { MiddlewareFunction } from "react-router";
import { authMiddleware, myAuthMiddleware } from "#app/modules/auth/guards.server.ts";

// Route middleware by name (docs/product.md#roles-and-permissions): `auth` for signed-in routes,
// `my-auth` for the dashboard. A route naming one that does not exist fails loudly.
const ROUTE_MIDDLEWARE: Record<string, MiddlewareFunction<Response>> = {
  auth: authMiddleware,
  "my-auth": myAuthMiddleware,
};

export function routeMiddleware(name: "auth" | "my-auth"): MiddlewareFunction<Response>;
export function routeMiddleware(name: string): MiddlewareFunction<Response>;
export function routeMiddleware(name: string): MiddlewareFunction<Response> {
  const middleware = ROUTE_MIDDLEWARE[name];
  if (!middleware) throw new Error(`Unknown route middleware: '${name}'`);
  return middleware;
}
