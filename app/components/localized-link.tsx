import { Link, NavLink, useLocation, type LinkProps, type NavLinkProps } from "react-router";
import { localeFromPath, localizePath } from "#app/i18n/locales.ts";
import { useLocale } from "#app/hooks/use-t.ts";

// React Router's <Link> resolves its path against the route tree and sets up its click and
// prefetch handlers on every render, a measurable share of an uncached list page's server time
// (docs/adr/0033-uncached-pages.md). On the
// server, where none of that reaches the HTML, a link to a plain absolute path renders the
// exact markup <Link> writes (href, data-discover, aria-current/active for <NavLink>); the
// browser bundle has only the real components, so hydration and client navigation are theirs.

// A path <Link> would rewrite (dot segments, doubled slashes) or treat as external goes the long way.
const NOT_PLAIN = /\/\.{1,2}(?:[/?#]|$)|\/\/|^[^/]/;

function rendersPlainAnchor(to: LinkProps["to"], prefetch: LinkProps["prefetch"]): to is string {
  return import.meta.env.SSR && typeof to === "string" && !NOT_PLAIN.test(to) && prefetch !== "render";
}

/** What <Link> writes on the server: its own props (navigation, prefetch) never reach the <a>. */
function serverAnchor(href: string, props: Omit<LinkProps, "to">) {
  const {
    discover = "render",
    prefetch: _p,
    relative: _r,
    reloadDocument: _d,
    replace: _rp,
    mask: _m,
    state: _s,
    preventScrollReset: _ps,
    viewTransition: _v,
    defaultShouldRevalidate: _ds,
    onClick: _c,
    children,
    ...anchor
  } = props;
  return (
    <a {...anchor} href={href} data-discover={discover === "render" ? "true" : undefined}>
      {children}
    </a>
  );
}

/** <Link> to a path that already carries its locale (or needs none). */
export function AppLink({ to, ...props }: LinkProps) {
  return rendersPlainAnchor(to, props.prefetch) ? serverAnchor(to, props) : <Link to={to} {...props} />;
}

/** A link to a locale-free path ("/novyny") that stays in the current page's locale. */
export function LocalizedLink({ to, ...props }: Omit<LinkProps, "to"> & { to: string }) {
  return <AppLink to={localizePath(to, useLocale())} {...props} />;
}

export function LocalizedNavLink({ to, ...props }: Omit<NavLinkProps, "to"> & { to: string }) {
  const { pathname } = useLocation();
  const href = localizePath(to, localeFromPath(pathname));
  const end = props.end ?? to === "/";
  if (!rendersPlainAnchor(href, props.prefetch) || props.caseSensitive) return <NavLink to={href} {...props} end={end} />;
  const { className = "", style, children, "aria-current": ariaCurrent = "page", end: _e, caseSensitive: _c, ...rest } = props;
  // <NavLink>'s own rule, case-insensitive: the same path, or (without `end`) a path below it.
  const current = pathname.toLowerCase();
  const target = href.split(/[?#]/, 1)[0]!.toLowerCase();
  const slash = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  const isActive = current === target || (!end && current.startsWith(target) && current.charAt(slash) === "/");
  const state = { isActive, isPending: false, isTransitioning: false };
  return serverAnchor(href, {
    ...rest,
    "aria-current": isActive ? ariaCurrent : undefined,
    className: typeof className === "function" ? className(state) : [className, isActive ? "active" : null].filter(Boolean).join(" "),
    style: typeof style === "function" ? style(state) : style,
    children: typeof children === "function" ? children(state) : children,
  });
}
