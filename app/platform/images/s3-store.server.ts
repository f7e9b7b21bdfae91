import { Readable } from "node:stream";
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { StorageConfig } from "#app/platform/config/config.server.ts";
import { checkedName, type ImageStore } from "./image-store.ts";

type S3Config = Extract<StorageConfig, { kind: "s3" }>;

/** Names get a fresh random key on every upload, so objects never change: caches keep them for good. */
const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: MinIO, R2 and older S3-compatible servers
    // reject or mishandle the CRC32 trailers SDK v3 adds to every upload by default.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/** The HTTP status of a failed S3 call (404: no such object), undefined for other errors. */
export function s3Status(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

/** An object's body as a Node stream, whichever form the SDK gave it in. */
export function bodyStream(body: NonNullable<GetObjectCommandOutput["Body"]>): Readable {
  return body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as never);
}

/** Images in a bucket; credentials come from the SDK's standard chain (AWS_ACCESS_KEY_ID...). */
export function createS3ImageStore(config: S3Config, client: S3Client = createS3Client(config)): ImageStore {
  const Bucket = config.bucket;
  return {
    kind: "s3",
    description: `bucket ${Bucket}${config.endpoint ? ` at ${config.endpoint}` : ""}`,
    async put(name, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkedName(name),
          Body: body,
          ContentType: contentType,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
    },
    async copy(from, to) {
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: checkedName(to),
          CopySource: `${Bucket}/${checkedName(from).split("/").map(encodeURIComponent).join("/")}`,
        }),
      );
    },
    async get(name, ifNoneMatch) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkedName(name), IfNoneMatch: ifNoneMatch }));
        if (!object.Body) return null;
        return {
          body: bodyStream(object.Body),
          size: object.ContentLength ?? 0,
          etag: object.ETag ?? "",
          lastModified: object.LastModified ?? new Date(0),
          contentType: object.ContentType,
        };
      } catch (error) {
        if (s3Status(error) === 304) return "not-modified";
        if (s3Status(error) === 404) return null;
        throw error;
      }
    },
    async has(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checkedName(name) }));
        return true;
      } catch (error) {
        if (s3Status(error) === 404) return false;
        throw error;
      }
    },
    async remove(names) {
      // DeleteObjects takes at most 1000 keys; deleting a missing key is not an error in S3.
      for (let start = 0; start < names.length; start += 1000) {
        const Objects = names.slice(start, start + 1000).map((name) => ({ Key: checkedName(name) }));
        const result = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
        const failed = result.Errors?.filter((error) => error.Code !== "NoSuchKey") ?? [];
        if (failed.length) throw new Error(`S3 could not delete ${failed.map((error) => `${error.Key} (${error.Code})`).join(", ")}`);
      }
    },
  };
}
