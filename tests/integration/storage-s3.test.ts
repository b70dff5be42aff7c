import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server.ts";
import { createS3Storage } from "~/integrations/storage/s3.server.ts";
import { createServices } from "~/services/context.server.ts";
import { setupTestDatabase } from "../helpers/database.ts";
import { type FakeS3, startFakeS3 } from "../helpers/fake-s3.ts";
import { pngPicture } from "../helpers/images.ts";

/**
 * DESIGN §5 files: with S3_BUCKET set, uploads go to an S3-compatible bucket through
 * @aws-sdk/client-s3. A local stand-in for the service checks each request's signature and keeps
 * what was put, so everything on our side of the wire is the real code.
 */

const database = setupTestDatabase();
let s3: FakeS3;

beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => {
  await s3?.close();
});
beforeEach(() => {
  s3.requests.length = 0;
  s3.objects.clear();
  s3.refusePuts(false);
});

function servicesOnS3(extra: Record<string, string> = {}) {
  const env = parseEnv({
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.region,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    ...extra,
  });
  return createServices({ db: database.db, log: pino({ level: "silent" }), env });
}

const picture = async (width: number, height: number) =>
  new File([new Uint8Array(await pngPicture(width, height))], "相片.png", { type: "image/png" });

describe("choosing the storage provider", () => {
  it("uses local disk without S3_BUCKET and the bucket with it", () => {
    expect(database.services.providers.storage.name).toBe("local");
    expect(servicesOnS3().providers.storage.name).toBe("s3");
  });
});

describe("uploads to an S3-compatible bucket", () => {
  it("puts each WebP variant, signed, with its type and a year-long immutable cache", async () => {
    const services = servicesOnS3({ S3_PUBLIC_URL: "https://img.gather.example/" });
    const result = await services.catalogue.images.upload(await picture(1000, 750), "banners");
    expect(result.status).toBe("stored");
    const url = result.status === "stored" ? result.url : "";
    const match = /^https:\/\/img\.gather\.example\/(banners\/[0-9a-f]{24})-1000w\.webp$/.exec(url);
    expect(match, url).not.toBeNull();
    const stem = match![1]!;

    const puts = s3.requests.filter((request) => request.method === "PUT");
    expect(puts.map((request) => request.key).sort()).toEqual(
      [320, 640, 960, 1000].map((width) => `${stem}-${width}w.webp`).sort(),
    );
    for (const put of puts) {
      expect(put.path, put.key).toBe(`/${s3.bucket}/${put.key}`);
      expect(put.signatureValid, put.key).toBe(true);
      expect(put.headers.authorization).toContain(`Credential=${s3.accessKeyId}/`);
      expect(put.headers["content-type"]).toBe("image/webp");
      expect(put.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      // Plain PutObject as every compatible service accepts it, without the SDK's optional checksums.
      expect(put.headers["x-amz-sdk-checksum-algorithm"]).toBeUndefined();
      const stored = await sharp(put.body).metadata();
      expect(stored.format).toBe("webp");
      expect(stored.width).toBe(Number(/-(\d+)w\.webp$/.exec(put.key)![1]));
    }
    expect(s3.objects.size).toBe(4);
  });

  it("serves from <endpoint>/<bucket>/<key> when no public URL is given", async () => {
    const result = await servicesOnS3().catalogue.images.upload(await picture(200, 200), "brands");
    expect(result.status === "stored" && result.url).toMatch(
      new RegExp(`^${s3.endpoint}/${s3.bucket}/brands/[0-9a-f]{24}-200w\\.webp$`),
    );
    expect([...s3.objects.keys()]).toHaveLength(1);
  });

  it("answers storeFailed and removes what it put when the bucket refuses", async () => {
    s3.refusePuts(true);
    const result = await servicesOnS3().catalogue.images.upload(await picture(700, 700), "products");
    expect(result).toEqual({ status: "refused", error: "admin.image.storeFailed" });
    const puts = s3.requests.filter((request) => request.method === "PUT").map((request) => request.key);
    const deletes = s3.requests
      .filter((request) => request.method === "DELETE")
      .map((request) => request.key);
    expect(puts).toHaveLength(3);
    expect(deletes.sort()).toEqual(puts.sort());
    expect(s3.objects.size).toBe(0);
  });

  it("does not reach the bucket for a refused picture", async () => {
    const text = new File(["not a picture"], "photo.jpg", { type: "image/jpeg" });
    expect(await servicesOnS3().catalogue.images.upload(text, "products")).toEqual({
      status: "refused",
      error: "admin.image.unsupported",
    });
    expect(s3.requests).toEqual([]);
  });

  it("deletes by key and refuses keys that could leave the bucket's folders", async () => {
    const storage = createS3Storage({
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3.endpoint,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
    });
    await storage.put("products/abc-320w.webp", Buffer.from("x"), "image/webp");
    expect(s3.objects.has("products/abc-320w.webp")).toBe(true);
    await storage.delete("products/abc-320w.webp");
    expect(s3.objects.has("products/abc-320w.webp")).toBe(false);
    expect(s3.requests.every((request) => request.signatureValid)).toBe(true);
    await expect(storage.put("../secrets/x.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(/unsafe/);
    expect(() => storage.publicUrl("products/../../x")).toThrow(/unsafe/);
  });

  it("is refused by the service with wrong keys (the signature is really checked)", async () => {
    const services = servicesOnS3({ S3_SECRET_ACCESS_KEY: "not-the-secret" });
    const result = await services.catalogue.images.upload(await picture(300, 300), "products");
    expect(result).toEqual({ status: "refused", error: "admin.image.storeFailed" });
    expect(s3.requests.some((request) => request.method === "PUT" && !request.signatureValid)).toBe(true);
    expect(s3.objects.size).toBe(0);
  });
});
