// The e2e server writes mail to $DATA_DIR/outbox/*.eml (no SMTP_URL); each file names its
// link in an X-Portal-Link header.
import { expect } from "@playwright/test";
import { readOutboxDir } from "../../support/outbox.ts";
import { dataDir } from "./env.ts";

/** The links mailed to `address`, oldest first. */
export function mailedLinks(address: string): string[] {
  return readOutboxDir(dataDir)
    .filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()))
    .flatMap((mail) => (mail.link ? [mail.link] : []));
}

/** Waits for the next mail to `address` (beyond `seen` earlier ones) and returns its link. */
export async function nextMailLink(address: string, seen = 0): Promise<string> {
  await expect.poll(() => mailedLinks(address).length, { message: `a mail to ${address}` }).toBeGreaterThan(seen);
  return mailedLinks(address)[seen]!;
}
