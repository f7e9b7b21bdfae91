import { createReadStream } from "node:fs";
import { copyFile, mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { getConfig, type StorageConfig } from "#app/platform/config/config.server.ts";
import { checkedName, type ImageStore } from "./image-store.ts";
import { createS3ImageStore } from "./s3-store.server.ts";

// Where the bytes of uploaded images live. Names are relative to the uploads root
// ("images/2026/11/<uuid>-640.webp"): a file under DATA_DIR/uploads locally, the object key
// in a bucket. Every write and delete of image bytes goes through the process-wide store.

export { isSafeName, type ImageStore } from "./image-store.ts";

function localImageStore(root: string): ImageStore {
  const file = (name: string) => path.join(root, checkedName(name));
  return {
    kind: "local",
    description: root,
    async put(name, body) {
      await mkdir(path.dirname(file(name)), { recursive: true });
      await writeFile(file(name), body);
    },
    async copy(from, to) {
      await mkdir(path.dirname(file(to)), { recursive: true });
      await copyFile(file(from), file(to));
    },
    async get(name) {
      const info = await stat(file(name)).catch(() => null);
      if (!info?.isFile()) return null;
      return {
        body: createReadStream(file(name)),
        size: info.size,
        etag: `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
        lastModified: info.mtime,
        contentType: undefined,
      };
    },
    async has(name) {
      return (await stat(file(name)).catch(() => null))?.isFile() ?? false;
    },
    async remove(names) {
      await Promise.all(names.map((name) => rm(file(name), { force: true })));
    },
  };
}

export function imageStoreFor(storage: StorageConfig, uploadsDir: string): ImageStore {
  return storage.kind === "s3" ? createS3ImageStore(storage) : localImageStore(uploadsDir);
}

let current: { store: ImageStore; config: object | null } | undefined;

/** The process's store: the one set at start, else built from the config (again when another config is set). */
export function getImageStore(): ImageStore {
  const config = getConfig();
  if (current && (current.config === null || current.config === config)) return current.store;
  const store = imageStoreFor(config.storage, config.paths.uploads);
  current = { store, config };
  return store;
}

/** Replaces the process-wide store whatever the config says (undefined: follow the config again). */
export function setImageStore(store: ImageStore | undefined): void {
  current = store ? { store, config: null } : undefined;
}

/** An explicit local directory (tests, scripts), else the process-wide store. */
export function resolveImageStore(options: { store?: ImageStore; uploadsDir?: string } = {}): ImageStore {
  return options.store ?? (options.uploadsDir ? localImageStore(options.uploadsDir) : getImageStore());
}
