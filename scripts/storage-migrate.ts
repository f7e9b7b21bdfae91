// npm run storage:migrate — copies the images under DATA_DIR/uploads into the S3 bucket
// configured by S3_BUCKET (S3_ENDPOINT, S3_REGION...). Safe to run again: objects already in
// the bucket are skipped. The local files are left in place; remove them once the portal
// runs on the bucket and the images show.
import { loadConfig } from "#app/platform/config/config.server.ts";
import { copyLocalUploads } from "#app/platform/images/migrate-storage.server.ts";
import { imageStoreFor } from "#app/platform/images/storage.server.ts";

try {
  const config = loadConfig();
  if (config.storage.kind !== "s3") throw new Error("S3_BUCKET is not set: there is no bucket to copy the uploads to");
  const store = imageStoreFor(config.storage, config.paths.uploads);
  const result = await copyLocalUploads(config.paths.uploads, store, (line) => console.log(line));
  console.log(`done: ${result.copied} copied, ${result.skipped} were already in the bucket, ${result.total} in all`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
