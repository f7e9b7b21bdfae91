import { Outlet } from "react-router";
import type { Route } from "./+types/varification";
import { ShellErrorBoundary } from "#app/components/shell-error-boundary.tsx";
import { Shell } from "#app/components/shell.tsx";

/** The "varification" layout (spelled so): /login and /verify-request. */
export default function VarificationLayout() {
  return (
    <Shell>
      <div className="varification">
        <Outlet />
      </div>
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShellErrorBoundary error={error} />;
}
