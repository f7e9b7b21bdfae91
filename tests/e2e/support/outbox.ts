// The e2e server writes mail to $DATA_DIR/outbox/*.eml (no SMTP_URL); each file names its
// link in an X-Portal-Link header.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { dataDir } from "./env.ts";

function header(raw: string, name: string): string {
  const match = raw.match(new RegExp(`^${name}:[ \\t]*(.*(?:\\n[ \\t].*)*)`, "mi"));
  return match?.[1]?.replace(/\n[ \t]+/g, " ").trim() ?? "";
}

/** The links mailed to `address`, oldest first. */
export function mailedLinks(address: string): string[] {
  const dir = path.join(dataDir, "outbox");
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith(".eml")).sort();
  } catch {
    return [];
  }
  return files
    .map((file) => readFileSync(path.join(dir, file), "utf8"))
    .filter((raw) => header(raw, "To").toLowerCase().includes(address.toLowerCase()))
    .map((raw) => header(raw, "X-Portal-Link"))
    .filter(Boolean);
}

/** Waits for the next mail to `address` (beyond `seen` earlier ones) and returns its link. */
export async function nextMailLink(address: string, seen = 0): Promise<string> {
  await expect.poll(() => mailedLinks(address).length, { message: `a mail to ${address}` }).toBeGreaterThan(seen);
  return mailedLinks(address)[seen]!;
}
