import { promises as fs } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text-like files worth compressing (woff2 is brotli inside: kept only if it shrinks, which it rarely does). */
export const PRECOMPRESSED_EXTENSIONS = new Set([
  ".js",
  ".mjs",
  ".css",
  ".svg",
  ".json",
  ".map",
  ".txt",
  ".xml",
  ".html",
  ".webmanifest",
  ".ico",
  ".ttf",
  ".otf",
  ".woff",
  ".woff2",
]);

/** A variant that saves less than this is not worth a second file and a Vary header. */
const MIN_SAVING = 0.1;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) next to every
 * compressible file under `dir`, so the server sends them without compressing per request.
 * Stale variants of files that are gone or changed are rewritten. Returns what was written.
 */
export async function precompressDirectory(dir: string): Promise<{ files: number; rawBytes: number; brBytes: number; gzBytes: number }> {
  const totals = { files: 0, rawBytes: 0, brBytes: 0, gzBytes: 0 };
  const work: Promise<void>[] = [];
  for await (const file of files(dir)) {
    if (!PRECOMPRESSED_EXTENSIONS.has(path.extname(file).toLowerCase())) continue;
    work.push(
      (async () => {
        const raw = await fs.readFile(file);
        const [br, gz] = await Promise.all([
          brotli(raw, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
          gzip(raw, { level: 9 }),
        ]);
        if (gz.length > raw.length * (1 - MIN_SAVING)) {
          await Promise.all([fs.rm(`${file}.br`, { force: true }), fs.rm(`${file}.gz`, { force: true })]);
          return;
        }
        await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        totals.files++;
        totals.rawBytes += raw.length;
        totals.brBytes += br.length;
        totals.gzBytes += gz.length;
      })(),
    );
  }
  await Promise.all(work);
  return totals;
}
