import { notFound } from "#app/platform/http/errors.ts";

// Any path no route claims: the 404, rendered by the layout's error boundary.
export function loader() {
  notFound();
}

export { headers } from "#app/platform/http/route-headers.ts";

export function action() {
  notFound();
}

export default function NotFound() {
  return null;
}
