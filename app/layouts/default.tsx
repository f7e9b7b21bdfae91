import { Outlet } from "react-router";
import type { Route } from "./+types/default";
import { ShellErrorBoundary } from "~/components/area-layout";
import { Shell } from "~/components/shell";

/** The public layout ("default"). Errors of its pages render inside the same shell. */
export default function DefaultLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShellErrorBoundary error={error} />;
}
