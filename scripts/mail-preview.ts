// npm run mail:preview [-- --out DIR]
// Writes every kind of mail the portal sends, with example data, in Ukrainian and English, as
// .html and .txt files (default: portal-mail-preview/ in the system temp folder), for a person to open. No database needed.
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { mailTemplates } from "#app/mail-templates.server.ts";
import { writeMailPreviews } from "#app/platform/mail/preview.server.ts";

const { values } = parseArgs({ options: { out: { type: "string" }, origin: { type: "string" } } });
const dir = path.resolve(values.out ?? path.join(tmpdir(), "portal-mail-preview"));
const files = await writeMailPreviews(mailTemplates, dir, values.origin ?? process.env.PUBLIC_URL ?? "https://portal.example");
console.log(`${files.length} files in ${dir}`);
