import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as lucide from "lucide-react";
import { describe, expect, it } from "vitest";
import createLucideIcon from "#app/components/icons/lucide-lite.ts";
import * as shellIcons from "#app/components/icons/shell-icons.tsx";

// Both builds render lucide's icons with components/icons/lucide-lite.ts instead of lucide's
// own factory: it must write the same markup, or the swap would change what lucide's icons
// look like. Every icon the app imports is compared, with the props the app passes.

const APP = path.resolve(import.meta.dirname, "../../app");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const used = new Set<string>();
for (const file of sourceFiles(APP)) {
  for (const match of readFileSync(file, "utf8").matchAll(/import\s*\{([^}]*)\}\s*from\s*"lucide-react"/g)) {
    for (const name of match[1]!.split(",")) if (name.trim()) used.add(name.trim().replace(/^type\s+/, ""));
  }
}

const PROPS: Array<Record<string, unknown>> = [
  {},
  { "aria-hidden": "true", size: 18 },
  { size: 40, strokeWidth: 1.5 },
  { size: 20, className: "extra  lucide" },
  { "aria-label": "label", color: "red" },
];

describe("lucide-lite", () => {
  it("finds the icons the app imports", () => {
    expect(used.size).toBeGreaterThan(10);
  });

  for (const name of [...used].sort()) {
    it(`${name} renders as lucide's own`, async () => {
      const Reference = (lucide as unknown as Record<string, ComponentType<Record<string, unknown>>>)[name];
      expect(Reference, `lucide-react exports ${name}`).toBeTypeOf("object");
      const reference = renderToStaticMarkup(createElement(Reference!));
      const file = reference.match(/class="lucide lucide-([a-z0-9-]+)/)?.[1];
      const { __iconData } = (await import(`lucide-react/icons/${file}`)) as { __iconData: Parameters<typeof createLucideIcon>[0] };
      const Lite = createLucideIcon(__iconData);
      for (const props of PROPS) {
        expect(renderToStaticMarkup(createElement(Lite, props)), JSON.stringify(props)).toBe(
          renderToStaticMarkup(createElement(Reference!, props)),
        );
      }
    });
  }

  // Written out for the first load (shell-icons.tsx), with the props the header passes.
  for (const [name, Icon] of Object.entries(shellIcons)) {
    it(`the shell's ${name} renders as lucide's own`, () => {
      const Reference = (lucide as unknown as Record<string, ComponentType<Record<string, unknown>>>)[name]!;
      for (const props of [{}, { "aria-hidden": "true", size: 18 }, { "aria-hidden": "true", size: 20 }]) {
        expect(renderToStaticMarkup(createElement(Icon as ComponentType<Record<string, unknown>>, props)), JSON.stringify(props)).toBe(
          renderToStaticMarkup(createElement(Reference, props)),
        );
      }
    });
  }
});
