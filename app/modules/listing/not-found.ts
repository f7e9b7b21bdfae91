import { data } from "react-router";

/** The SPEC 404 ("Page Not Found: {path}"), rendered inside the shell by the layout's error boundary. */
export function notFound(): never {
  throw data(null, { status: 404, statusText: "Page Not Found" });
}
