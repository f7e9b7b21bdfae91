// The mail a server without SMTP_URL writes to $DATA_DIR/outbox/*.eml, read back as a person
// would: recipient, subject, the link it carries (its X-Portal-Link header) and the text.
// Shared by the unit tests (support/auth.ts) and the browser suite (e2e/support/outbox.ts).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export type OutboxMail = {
  file: string;
  to: string;
  subject: string;
  link: string | null;
  raw: string;
  /** raw with quoted-printable undone: the text as a person reads it. */ text: string;
};

/** The messages in `dataDir`/outbox, oldest first. */
export function readOutboxDir(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, "outbox");
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((file) => file.endsWith(".eml"))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const raw = readFileSync(path.join(dir, file), "utf8");
    const header = (name: string) =>
      raw
        .match(new RegExp(`^${name}:[ \\t]*(.*(?:\\n[ \\t].*)*)`, "mi"))?.[1]
        ?.replace(/\n[ \t]+/g, " ")
        .trim() ?? "";
    return {
      file,
      to: header("To"),
      subject: decodeMimeWords(header("Subject")),
      link: header("X-Portal-Link") || null,
      raw,
      text: decodeQuotedPrintable(raw),
    };
  });
}

/** Undoes quoted-printable (soft line breaks, =XX bytes) over the whole message, as UTF-8. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const hex = joined[index] === "=" ? /^[0-9A-F]{2}$/.exec(joined.slice(index + 1, index + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Decodes RFC 2047 words (nodemailer's B and Q forms), joining adjacent words' bytes before UTF-8. */
function decodeMimeWords(text: string): string {
  const parts: Array<string | Buffer> = [];
  let last = 0;
  for (const match of text.matchAll(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi)) {
    const between = text.slice(last, match.index);
    if (!/^\s*$/.test(between) || parts.length === 0) parts.push(between);
    const [, kind, encoded] = match as unknown as [string, string, string];
    parts.push(
      kind.toUpperCase() === "B"
        ? Buffer.from(encoded, "base64")
        : Buffer.from(
            encoded.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ),
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  let out = "";
  let bytes: Buffer[] = [];
  for (const part of parts) {
    if (Buffer.isBuffer(part)) {
      bytes.push(part);
      continue;
    }
    if (bytes.length) out += Buffer.concat(bytes).toString("utf8");
    bytes = [];
    out += part;
  }
  if (bytes.length) out += Buffer.concat(bytes).toString("utf8");
  return out;
}
