import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { getConfig, type StorageConfig } from "#app/platform/config/config.server.ts";
import { bodyStream, createS3Client, s3Status } from "#app/platform/images/s3-store.server.ts";

// Where a mailed export's zip waits for its one download. With images in a bucket the portal
// may run on several machines, and the download can reach another one than the job that
// built the zip: the zip goes to the same bucket then, under a prefix the app never serves
// (`/uploads` streams images only). On the local store it stays under DATA_DIR/exports, out
// of the uploads directory that is served as it is.

export type ExportFiles = {
  /** Moves the finished zip at `file` (a local path) to `key`; its size in bytes. */
  keep(key: string, file: string): Promise<number>;
  /** The zip's size, or null when there is none under `key`. */
  size(key: string): Promise<number | null>;
  /** The zip's bytes, or null when there is none under `key`. */
  open(key: string): Promise<Readable | null>;
  /** A missing key is not an error. */
  remove(key: string): Promise<void>;
};

const KEY = /^[0-9]+-[0-9a-f-]{36}\.zip$/;
const PREFIX = "private/exports/";

function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not an export key: ${JSON.stringify(key)}`);
  return key;
}

/** Where a zip is written before it is kept: a directory of this machine. */
export function exportWorkDir(): string {
  return path.join(getConfig().dataDir, "exports");
}

function localExportFiles(dir: string): ExportFiles {
  const file = (key: string) => path.join(dir, checkedKey(key));
  return {
    async keep(key, from) {
      await mkdir(dir, { recursive: true });
      if (path.resolve(from) !== file(key)) await rename(from, file(key));
      return (await stat(file(key))).size;
    },
    async size(key) {
      const info = await stat(file(key)).catch(() => null);
      return info?.isFile() ? info.size : null;
    },
    async open(key) {
      return (await this.size(key)) === null ? null : createReadStream(file(key));
    },
    async remove(key) {
      await rm(file(key), { force: true });
    },
  };
}

function bucketExportFiles(config: Extract<StorageConfig, { kind: "s3" }>): ExportFiles {
  const client = createS3Client(config);
  const Bucket = config.bucket;
  const objectKey = (key: string) => PREFIX + checkedKey(key);
  return {
    async keep(key, from) {
      try {
        const { size } = await stat(from);
        // Streamed with its length: a large export is never held in memory.
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: objectKey(key),
            Body: createReadStream(from),
            ContentLength: size,
            ContentType: "application/zip",
            CacheControl: "private, no-store",
          }),
        );
        return size;
      } finally {
        // Kept or not, the local copy goes: a failed job builds a new zip when it runs again.
        await rm(from, { force: true });
      }
    },
    async size(key) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }))).ContentLength ?? 0;
      } catch (error) {
        if (s3Status(error) === 404) return null;
        throw error;
      }
    },
    async open(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        return object.Body ? bodyStream(object.Body) : null;
      } catch (error) {
        if (s3Status(error) === 404) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
  };
}

let current: { files: ExportFiles; config: object } | undefined;

/** The export files of the process's configuration (made again when another configuration is set). */
export function getExportFiles(): ExportFiles {
  const config = getConfig();
  if (current?.config !== config) {
    current = { config, files: config.storage.kind === "s3" ? bucketExportFiles(config.storage) : localExportFiles(exportWorkDir()) };
  }
  return current.files;
}
