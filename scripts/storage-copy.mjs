// `npm run storage:copy`: copies the uploads in DATA_DIR/uploads into the S3 bucket named by
// S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY). Safe to run
// again: what is already in the bucket is skipped; nothing is removed from the folder.
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const { register } = await import('tsx/esm/api');
register();
const { FolderStorage, openStorage, s3SettingsFromEnv } = await import(join(root, 'src/server/storage/storage.ts'));
const { copyUploads } = await import(join(root, 'src/server/storage/copy.ts'));

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log('Usage: S3_BUCKET=... [S3_ENDPOINT=...] npm run storage:copy\nCopies DATA_DIR/uploads into the bucket.');
  process.exit(0);
}
if (!s3SettingsFromEnv()) {
  console.error(
    'S3_BUCKET is not set: name the bucket to copy the uploads into (see docs/operations.md, "Running several instances").',
  );
  process.exit(1);
}
const folder = new FolderStorage(join(resolve(process.env.DATA_DIR || './data'), 'uploads'));
const bucket = await openStorage(folder.dir);
try {
  const started = Date.now();
  const { copied, skipped } = await copyUploads(folder, bucket, (done) => {
    if (done % 100 === 0) console.log(`${done} files copied...`);
  });
  console.log(
    `Copied ${copied} files from ${folder.dir} to the bucket (${skipped} were there already) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} catch (error) {
  console.error(`The copy stopped: ${error instanceof Error ? error.message : error}. Run it again to carry on.`);
  process.exitCode = 1;
} finally {
  bucket.close();
}
