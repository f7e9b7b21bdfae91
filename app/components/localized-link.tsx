import { Link, NavLink, type LinkProps, type NavLinkProps } from "react-router";
import { localizePath } from "~/i18n/locales";
import { useLocale } from "~/hooks/use-t";

/** A link to a locale-free path ("/novyny") that stays in the current page's locale. */
export function LocalizedLink({ to, ...props }: Omit<LinkProps, "to"> & { to: string }) {
  return <Link to={localizePath(to, useLocale())} {...props} />;
}

export function LocalizedNavLink({ to, ...props }: Omit<NavLinkProps, "to"> & { to: string }) {
  const locale = useLocale();
  return <NavLink to={localizePath(to, locale)} end={to === "/"} {...props} />;
}
