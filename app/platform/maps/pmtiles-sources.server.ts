import type { FileHandle } from "node:fs/promises";
import { GetObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { EtagMismatch, type RangeResponse, type Source } from "pmtiles";
import { s3Status } from "#app/platform/images/s3-store.server.ts";

// The two places a PMTiles archive is read from, as `pmtiles` Sources: byte ranges of a local
// file (positional reads on one open handle), or ranged GETs of an object in the bucket.

/** A range read from one open file handle; reads never move a shared position, so they run side by side. */
export function fileSource(handle: FileHandle, key: string, etag: string): Source {
  return {
    getKey: () => key,
    async getBytes(offset: number, length: number): Promise<RangeResponse> {
      const buffer = new Uint8Array(length);
      let filled = 0;
      while (filled < length) {
        const { bytesRead } = await handle.read(buffer, filled, length - filled, offset + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      // Short at the end of the file: the reader's first read asks for 16 KiB, however small the archive.
      return { data: buffer.buffer.slice(0, filled), etag };
    },
  };
}

/**
 * Ranged GETs of one object. With the archive's ETag (the header's, passed back by `pmtiles`)
 * each read asks If-Match: an object replaced meanwhile answers 412, which `pmtiles` takes as
 * the signal to read the header again.
 */
export function s3Source(client: S3Client, bucket: string, key: string): Source {
  return {
    getKey: () => `s3://${bucket}/${key}`,
    async getBytes(offset: number, length: number, signal?: AbortSignal, etag?: string): Promise<RangeResponse> {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=${offset}-${offset + length - 1}`, IfMatch: etag }),
          { abortSignal: signal },
        );
        const bytes = object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
        // A server that ignores Range sends the whole object: take the asked part of it.
        const data = bytes.length > length && !object.ContentRange ? bytes.subarray(offset, offset + length) : bytes;
        return { data: data.slice().buffer, etag: object.ETag };
      } catch (error) {
        if (s3Status(error) === 412 || s3Status(error) === 416) throw new EtagMismatch(`${key} changed`);
        throw error;
      }
    },
  };
}
