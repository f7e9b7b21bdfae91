// A real S3 protocol server (s3rver, files in a temp directory) for tests of the bucket
// image store. s3rver answers SDK v3 with path-style addressing and without the default
// CRC32 checksums (createS3Client asks for them only where required).
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";

type S3rverInstance = { run(): Promise<{ port: number }>; close(): Promise<void> };
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass;

/** s3rver's only account; the SDK reads them from the standard environment variables. */
export const S3RVER_CREDENTIALS = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" };

export type TestS3 = { endpoint: string; bucket: string; env: Record<string, string>; stop(): Promise<void> };

export async function startS3Server(bucket = "portal-test"): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "portal-s3rver-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const saved = Object.fromEntries(Object.keys(S3RVER_CREDENTIALS).map((name) => [name, process.env[name]]));
  Object.assign(process.env, S3RVER_CREDENTIALS);
  return {
    endpoint,
    bucket,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: "true", ...S3RVER_CREDENTIALS },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    },
  };
}

/** Every key in the bucket (under `prefix`). */
export async function listKeys(client: S3Client, bucket: string, prefix = ""): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    keys.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys.sort();
}
