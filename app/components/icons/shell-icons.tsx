import type { SVGProps } from "react";

// The two icons in every public page's first load, the header's menu and "Sign in", written
// out as lucide draws them: with them, lucide's icon factory (lucide-lite.ts) and its icon
// data stay out of the first load (docs/adr/0032-first-load.md). tests/unit/lucide-lite.test.ts
// checks that they render lucide's markup for the props the header passes.

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function lucideOutline(name: string, paths: readonly string[]) {
  return function Icon({ size = 24, ...rest }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={`lucide lucide-${name}`}
        aria-hidden="true"
        {...rest}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

export const Menu = lucideOutline("menu", ["M4 5h16", "M4 12h16", "M4 19h16"]);
export const LogIn = lucideOutline("log-in", ["m10 17 5-5-5-5", "M15 12H3", "M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4"]);
