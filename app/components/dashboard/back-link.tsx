import type { ReactNode } from "react";
import { LocalizedLink } from "#app/components/localized-link.tsx";

/** The link up to where a dashboard page was opened from, above its heading. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="dash-back">
      <LocalizedLink to={to}>{children}</LocalizedLink>
    </p>
  );
}
