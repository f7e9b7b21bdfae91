import { Menu } from "lucide-react";
import { useEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router";
import { LocalizedNavLink } from "./localized-link.tsx";
import { Shell } from "./shell.tsx";

export type AreaLink = { to: string; label: string; end?: boolean };

/**
 * The cabinet's and the dashboard's frame: the shell, a side menu and the page. On phones the
 * menu is a `<details>` closed behind one button (it opens without JS), so the page starts at
 * the top of the screen; from 48rem CSS hides the button and lays the menu out as a column.
 */
export function AreaLayout({ className, navLabel, links }: { className?: string; navLabel: string; links: AreaLink[] }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  // With JS a navigation keeps the DOM: close the menu once the chosen page is there.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  return (
    <Shell>
      <div className={className ? `area ${className}` : "area"}>
        <nav className="area__nav" aria-label={navLabel}>
          <details className="area__menu" ref={menu}>
            <summary className="area__toggle">
              <Menu aria-hidden="true" size={20} />
              <span>{navLabel}</span>
            </summary>
            <ul>
              {links.map((link) => (
                <li key={link.to}>
                  <LocalizedNavLink to={link.to} end={link.end ?? true}>
                    {link.label}
                  </LocalizedNavLink>
                </li>
              ))}
            </ul>
          </details>
        </nav>
        <div className="area__content">
          <Outlet />
        </div>
      </div>
    </Shell>
  );
}
