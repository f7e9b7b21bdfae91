// The checklists of docs/architecture.md ("Adding a field to adverts", "Adding a content type")
// stay true: every file they list exists, and the sample each one names (an existing advert
// field, an existing content type) appears in exactly the listed files. A new file naming the
// sample is either a second copy of a list that should read the first, or a step the checklist
// must gain. The lists live in architecture.md only; this test reads them from there.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const doc = readFileSync(path.join(root, "docs/architecture.md"), "utf8");

type Checklist = { name: string; sample: RegExp; scope: string[]; paths: string[] };

function checklists(markdown: string): Checklist[] {
  const blocks = markdown.matchAll(/<!-- checklist: (\S+); sample: (.+?); scope: ([^>]+?) -->([\s\S]*?)<!-- \/checklist -->/g);
  return [...blocks].map(([, name, sample, scope, body]) => ({
    name: name!,
    sample: new RegExp(sample!),
    scope: scope!.split(/\s+/),
    paths: [...new Set([...body!.matchAll(/`([\w.<>-]+(?:\/[\w.<>-]+)+\.(?:tsx?|json))`/g)].map((match) => match[1]!))],
  }));
}

/** A step that creates a file (`migrations/NNNN_<name>.ts`) names a pattern, not a file. */
const isPattern = (file: string) => /NNNN|[<>]/.test(file);
const isLocale = (file: string) => file.startsWith("app/locales/");

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!["node_modules", "locales", ".react-router"].includes(entry.name)) out.push(...sourceFiles(rel));
    } else if (/\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

const lists = checklists(doc);

describe("docs/architecture.md checklists", () => {
  it("are both there, each with a sample and files", () => {
    expect(lists.map((list) => list.name).sort()).toEqual(["advert-field", "content-type"]);
    for (const list of lists) expect(list.paths.filter((file) => !isPattern(file) && !isLocale(file)).length).toBeGreaterThan(3);
  });

  for (const list of lists) {
    describe(list.name, () => {
      it("lists files that exist (a new file's folder, for a step that creates one)", () => {
        const missing = list.paths.filter((file) => !existsSync(path.join(root, isPattern(file) ? path.dirname(file) : file)));
        expect(missing).toEqual([]);
      });

      it(`names every file that mentions its sample (${list.sample.source}), and no other`, () => {
        const mentioning = list.scope.flatMap(sourceFiles).filter((file) => list.sample.test(readFileSync(path.join(root, file), "utf8")));
        const listed = list.paths.filter((file) => !isPattern(file) && !isLocale(file));
        expect({ unlisted: mentioning.filter((file) => !listed.includes(file)).sort(), notMentioning: listed.filter((file) => !mentioning.includes(file)).sort() }).toEqual({
          unlisted: [],
          notMentioning: [],
        });
      });
    });
  }
});
