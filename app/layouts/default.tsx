import { Outlet } from "react-router";
import type { Route } from "./+types/default";
import { ShellErrorBoundary } from "#app/components/shell-error-boundary.tsx";
import { Shell } from "#app/components/shell.tsx";

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
