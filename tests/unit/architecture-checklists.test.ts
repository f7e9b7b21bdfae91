// The checklists of docs/architecture.md ("Adding a field to adverts", "Adding a content type")
// stay true: every file they list exists, and the sample each one names (an existing advert
// field, an existing content type) appears in exactly the listed files. A new file naming the
// sample is either a second copy of a list that should read the first, or a step the checklist
// must gain. The lists live in architecture.md only; this test reads them from there.
// It also checks that every pointer into docs/ (a file, an ADR number, a section anchor) from
// the code, the tests and the docs leads somewhere.
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
        expect({
          unlisted: mentioning.filter((file) => !listed.includes(file)).sort(),
          notMentioning: listed.filter((file) => !mentioning.includes(file)).sort(),
        }).toEqual({
          unlisted: [],
          notMentioning: [],
        });
      });
    });
  }
});

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .trim()
    .replace(/\s/g, "-");

describe("pointers into docs/", () => {
  const files = ["app", "server", "db", "scripts", "tests", "bench"].flatMap(sourceFiles);
  const docs = readdirSync(path.join(root, "docs"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".md"))
    .map((file) => `docs/${file}`);
  const pointers = [...files, ...docs, "README.md"].flatMap((file) =>
    [...readFileSync(path.join(root, file), "utf8").matchAll(/docs\/(adr\/\d{4}(?:-[\w-]+\.md)?|[\w/-]+\.md)(?:#([\w-]+))?/g)].map(
      ([, target, hash]) => ({ file, target: `docs/${target}`, hash }),
    ),
  );

  it("are found (the check reads them)", () => {
    expect(pointers.some((pointer) => pointer.hash)).toBe(true);
    expect(pointers.some((pointer) => pointer.target.startsWith("docs/adr/"))).toBe(true);
  });

  it("lead to a file that exists, and to a heading of it", () => {
    const broken = pointers.filter(({ target, hash }) => {
      const found = target.endsWith(".md") ? docs.find((doc) => doc === target) : docs.find((doc) => doc.startsWith(`${target}-`));
      if (!found) return true;
      if (!hash) return false;
      const headings = [...readFileSync(path.join(root, found), "utf8").matchAll(/^#+ (.+)$/gm)].map((match) => anchor(match[1]!));
      return !headings.includes(hash);
    });
    expect(broken).toEqual([]);
  });
});
