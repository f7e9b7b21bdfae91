import type { Readable } from "node:stream";

// The interface of an image store and the names it accepts, apart from the stores
// themselves, so that the local and the S3 store do not import each other.

type StoredObject = {
  body: Readable;
  size: number;
  etag: string;
  lastModified: Date;
  contentType: string | undefined;
};

export interface ImageStore {
  readonly kind: "local" | "s3";
  /** For logs: the directory or the bucket. */
  readonly description: string;
  put(name: string, body: Uint8Array, contentType: string): Promise<void>;
  copy(from: string, to: string): Promise<void>;
  /** null when there is no such object. */
  get(name: string, ifNoneMatch?: string): Promise<StoredObject | "not-modified" | null>;
  has(name: string): Promise<boolean>;
  /** Missing names are ignored. */
  remove(names: readonly string[]): Promise<void>;
}

/** A name the store accepts: relative, no `..`, no odd characters (it becomes a path or a key). */
export function isSafeName(name: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/.test(name) && !name.split("/").some((part) => part === ".." || part === ".");
}

export function checkedName(name: string): string {
  if (!isSafeName(name)) throw new Error(`Not a storable name: ${JSON.stringify(name)}`);
  return name;
}
