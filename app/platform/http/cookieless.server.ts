import { createContext, type MiddlewareFunction } from "react-router";

// A page other sites frame (the embedded calendar) sets no cookie, whatever the visitor sends:
// a session refreshed or cleared, a flash or locale cookie would be a cookie written by a page
// the visitor never opened. The route says so with `cookieless`; the root's outermost middleware
// drops every Set-Cookie of its answer, so no middleware or loader can add one past it.

const cookielessContext = createContext<boolean>(false);

/** Route middleware: this route's answers set no cookie. */
export const cookieless: MiddlewareFunction<Response> = ({ context }, next) => {
  context.set(cookielessContext, true);
  return next();
};

/** Root middleware, first of all: drops the Set-Cookie headers of a `cookieless` route's answer. */
export const cookielessMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  if (context.get(cookielessContext)) response.headers.delete("Set-Cookie");
  return response;
};
