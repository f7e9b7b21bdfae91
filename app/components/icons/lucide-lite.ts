import { createElement, type ReactNode, type SVGProps } from "react";

// lucide-react's icon factory without its provider context, forwardRef and general builder:
// less JS on every page and less work per icon on the server (docs/adr/0032-first-load.md). Both builds swap it in for lucide's own (vite.config.ts, `lucideLite`), and
// tests/unit/lucide-lite.test.ts checks it writes the same markup as lucide's for the props
// we use (size, strokeWidth, color, className, aria-*).

type IconNode = ReadonlyArray<readonly [string, Record<string, string | number>]>;
type IconData = { name?: string; size?: number; width?: number; height?: number; node: IconNode; aliases?: readonly string[] };
type IconProps = SVGProps<SVGSVGElement> & { size?: number | string; children?: ReactNode };

const SVG_NS = "http://www.w3.org/2000/svg";

function mergeClasses(...classes: Array<string | undefined>): string {
  const tokens = new Set<string>();
  for (const name of classes) for (const token of name?.split(/\s+/) ?? []) if (token) tokens.add(token);
  return [...tokens].join(" ");
}

function labelled(props: Record<string, unknown>): boolean {
  return Object.keys(props).some((key) => (key.startsWith("aria-") || key === "role" || key === "title") && props[key] != null);
}

export default function createLucideIcon(icon: IconData) {
  const width = icon.size ?? icon.width ?? 24;
  const height = icon.size ?? icon.height ?? 24;
  const baseClass = mergeClasses(
    "lucide",
    icon.name ? `lucide-${icon.name}` : undefined,
    ...(icon.aliases ?? []).map((alias) => (alias.trim() ? `lucide-${alias}` : undefined)),
  );
  // Per icon, not per render: an icon's class list (the app passes a few fixed classNames) and
  // its shapes, whose elements React may reuse. Splitting and merging classes on every icon of
  // every page was 1-2 % of an uncached page's CPU.
  const withClass = new Map<string, string>();
  const classFor = (className: string | undefined) => {
    if (!className) return baseClass;
    let merged = withClass.get(className);
    if (merged === undefined) {
      merged = mergeClasses(baseClass, className);
      if (withClass.size < 64) withClass.set(className, merged);
    }
    return merged;
  };
  const viewBox = `0 0 ${width} ${height}`;
  const shapes = icon.node.map(([tag, attrs]) => createElement(tag, attrs));
  function LucideIcon({ size = 24, strokeWidth = 2, color, className, children, ...rest }: IconProps) {
    return createElement(
      "svg",
      {
        xmlns: SVG_NS,
        width: size,
        height: size,
        viewBox,
        fill: "none",
        stroke: color || "currentColor",
        strokeWidth,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: classFor(className),
        ...(children || labelled(rest) ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      ...shapes,
      children,
    );
  }
  return LucideIcon;
}
