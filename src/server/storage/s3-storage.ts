import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import { isStorageName, type S3Settings, type Storage, type StoredObject } from './storage.ts';

/** Names are random and never reused: a stored upload never changes. */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** An S3-compatible bucket (AWS S3, MinIO, Garage, Ceph, R2) through the official client. */
export class S3Storage implements Storage {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly prefix: string;

  constructor(private readonly settings: S3Settings) {
    this.prefix = settings.prefix ?? 'uploads/';
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
  }

  private key(name: string) {
    if (!isStorageName(name)) throw new Error(`Not a storage name: ${JSON.stringify(name).slice(0, 80)}`);
    return `${this.prefix}${name}`;
  }

  async put(name: string, bytes: Buffer, contentType: string) {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.key(name),
        Body: bytes,
        ContentType: contentType,
        CacheControl: UPLOAD_CACHE_CONTROL,
      }),
    );
  }

  async get(name: string) {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name) }));
      return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : null;
    } catch (error) {
      const e = error as S3ServiceException;
      if (e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async remove(name: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name) }));
  }

  async *list(): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: this.prefix, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        const name = item.Key?.slice(this.prefix.length) ?? '';
        if (!isStorageName(name)) continue;
        yield { name, bytes: item.Size ?? 0, modified: item.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  publicUrl(name: string) {
    return this.settings.publicUrl ? `${this.settings.publicUrl}/${this.key(name)}` : null;
  }

  close() {
    this.client.destroy();
  }
}
