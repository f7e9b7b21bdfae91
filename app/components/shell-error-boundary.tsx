import { deferred, firstInteraction } from "./deferred.tsx";
import { Shell } from "./shell.tsx";

// The error page's text and its link home: plain HTML until the browser is idle or the
// visitor first acts; a page that never fails loads none of it (deferred.tsx).
const ErrorView = deferred(() => import("./error-view.tsx").then((module) => ({ default: module.ErrorView })), firstInteraction);

/** Every layout's error boundary: the error page inside the same shell. */
export function ShellErrorBoundary({ error }: { error: unknown }) {
  return (
    <Shell>
      <ErrorView error={error} />
    </Shell>
  );
}
