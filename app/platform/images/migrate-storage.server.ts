import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { isSafeName, type ImageStore } from "./storage.server.ts";

const TYPES: Record<string, string> = { ".webp": "image/webp", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg" };

export type MigrationResult = { total: number; copied: number; skipped: number };

/**
 * Copies every file under a local uploads directory into `store` under the same name.
 * Idempotent: names are never reused for other bytes, so an object that exists is done
 * (a rerun after an interruption copies only the rest). The local files stay.
 */
export async function copyLocalUploads(
  root: string,
  store: ImageStore,
  log: (line: string) => void = () => {},
  progressEvery = 100,
): Promise<MigrationResult> {
  if (!existsSync(root)) {
    log(`no local uploads in ${root}: nothing to copy`);
    return { total: 0, copied: 0, skipped: 0 };
  }
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter((name) => {
      if (isSafeName(name)) return true;
      log(`skipping ${name}: not a name the store accepts`);
      return false;
    })
    .sort();
  const result: MigrationResult = { total: names.length, copied: 0, skipped: 0 };
  log(`copying ${names.length} files from ${root} to ${store.description}`);
  for (const [index, name] of names.entries()) {
    if (await store.has(name)) result.skipped++;
    else {
      const type = TYPES[path.extname(name).toLowerCase()] ?? "application/octet-stream";
      await store.put(name, await readFile(path.join(root, name)), type);
      result.copied++;
    }
    if ((index + 1) % progressEvery === 0 || index + 1 === names.length) {
      log(`  ${index + 1}/${names.length} (${result.copied} copied, ${result.skipped} already there)`);
    }
  }
  return result;
}
