import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Language } from "#app/i18n/locales.ts";
import { renderMail, type MailTemplate } from "./template.server.ts";

const LANGUAGES: Language[] = ["uk", "en"];

/**
 * Writes every example of every template in both languages as `<kind>-<n>.<language>.html`
 * and `.txt` (subject on the first line) into `dir`, for a person to open. Returns the files.
 */
// oxlint-disable-next-line typescript/no-explicit-any -- a list of templates holds many data types
export async function writeMailPreviews(templates: ReadonlyArray<MailTemplate<any>>, dir: string, origin: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const files: string[] = [];
  for (const template of templates) {
    const examples = template.examples(origin);
    for (const [index, data] of examples.entries()) {
      for (const language of LANGUAGES) {
        const mail = renderMail(template.compose(data, language), language);
        const base = path.join(dir, `${template.name}-${index + 1}.${language}`);
        await writeFile(`${base}.html`, mail.html.replace("<body>", `<body><!-- subject: ${mail.subject.replace(/--/g, "- -")} -->`));
        await writeFile(`${base}.txt`, `Subject: ${mail.subject}\n\n${mail.text}`);
        files.push(`${base}.html`, `${base}.txt`);
      }
    }
  }
  return files;
}
