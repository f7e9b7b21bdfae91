import { data } from "react-router";

/** The 404 ("Page Not Found: {path}", docs/product.md#errors), rendered inside the shell by the layout's error boundary. */
export function notFound(): never {
  throw data(null, { status: 404, statusText: "Page Not Found" });
}
