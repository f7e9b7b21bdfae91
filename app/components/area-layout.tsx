import { Outlet } from "react-router";
import { ErrorView } from "./error-view";
import { LocalizedNavLink } from "./localized-link";
import { Shell } from "./shell";

export type AreaLink = { to: string; label: string; end?: boolean };

/** The cabinet's and the dashboard's frame: the shell, a side menu and the page. */
export function AreaLayout({ className, navLabel, links }: { className?: string; navLabel: string; links: AreaLink[] }) {
  return (
    <Shell>
      <div className={className ? `area ${className}` : "area"}>
        <nav className="area__nav" aria-label={navLabel}>
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <LocalizedNavLink to={link.to} end={link.end ?? true}>
                  {link.label}
                </LocalizedNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="area__content">
          <Outlet />
        </div>
      </div>
    </Shell>
  );
}

/** Every layout's error boundary: the error page inside the same shell. */
export function ShellErrorBoundary({ error }: { error: unknown }) {
  return (
    <Shell>
      <ErrorView error={error} />
    </Shell>
  );
}
