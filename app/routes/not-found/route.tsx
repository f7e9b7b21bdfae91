import { data } from "react-router";

// Any path no route claims: the 404, rendered by the layout's error boundary.
export function loader() {
  throw data(null, { status: 404, statusText: "Page Not Found" });
}

export { headers } from "#app/modules/http/route-headers.ts";

export function action() {
  throw data(null, { status: 404, statusText: "Page Not Found" });
}

export default function NotFound() {
  return null;
}
