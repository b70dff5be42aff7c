import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { assertStorageKey, IMMUTABLE_CACHE, keyUnder, type StorageProvider } from "./storage-provider.ts";

export interface S3Config {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (Cloudflare R2, MinIO…); unset means AWS itself. */
  endpoint?: string;
  /** Without keys the SDK's own chain is used (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Base URL the files are served from (a CDN or the bucket's public domain). */
  publicUrl?: string;
  timeoutMs?: number;
}

/** Files in an S3-compatible bucket through @aws-sdk/client-s3. */
export function createS3Storage(config: S3Config): StorageProvider {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    // Compatible services are usually reached by path (`<endpoint>/<bucket>/<key>`), not by subdomain.
    forcePathStyle: Boolean(config.endpoint),
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Several S3-compatible services refuse the SDK's newer default checksum headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: { requestTimeout: config.timeoutMs ?? 30_000 },
    maxAttempts: 3,
  });
  const publicBase = (config.publicUrl ?? defaultPublicBase(config)).replace(/\/+$/, "");
  return {
    name: "s3",
    async put(key, body, contentType) {
      assertStorageKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: IMMUTABLE_CACHE,
        }),
      );
    },
    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    publicUrl(key) {
      assertStorageKey(key);
      return `${publicBase}/${key}`;
    },
    async read(key) {
      assertStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === "NotFound") return null;
        throw error;
      }
    },
    keyForUrl(url) {
      return keyUnder(publicBase, url);
    },
  };
}

function defaultPublicBase(config: S3Config): string {
  if (config.endpoint) return `${config.endpoint.replace(/\/+$/, "")}/${config.bucket}`;
  return `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
}
