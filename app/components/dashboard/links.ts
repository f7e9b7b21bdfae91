import themeHref from "primereact/resources/themes/lara-light-indigo/theme.css?url";
import zincHref from "./prime-zinc.css?url";
import dashboardHref from "./dashboard.css?url";

/**
 * Stylesheets of dashboard pages only: the PrimeReact theme, its zinc palette and dark mode
 * (`p-dark`) overrides, and the dashboard's own layout. Public pages never load them.
 */
export function dashboardLinks() {
  return [
    { rel: "stylesheet", href: themeHref },
    { rel: "stylesheet", href: zincHref },
    { rel: "stylesheet", href: dashboardHref },
  ];
}
