import type { MiddlewareFunction } from "react-router";
import { notFound } from "#app/platform/http/errors.ts";

// No page's slug, id or file name holds a control character, and PostgreSQL refuses NUL
// in text: a path segment with one (`/novyny/%00`) is the 404 before any lookup runs.
const CONTROL = /[\u0000-\u001f\u007f]/;

export const pathParamsMiddleware: MiddlewareFunction<Response> = ({ params }, next) => {
  if (Object.values(params).some((value) => typeof value === "string" && CONTROL.test(value))) notFound();
  return next();
};
