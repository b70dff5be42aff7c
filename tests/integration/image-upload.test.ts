import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { setupTestDatabase } from "../helpers/database.ts";
import { createCategory } from "../helpers/factories.ts";
import { encoded, filesUnder, pixelBombPng, pngPicture, sidewaysCameraJpeg } from "../helpers/images.ts";
import { freePort } from "../helpers/net.ts";
import { memberSessionCookie } from "../helpers/session.ts";
import { type ServedShop, serveShop } from "../helpers/shop.ts";
import { createMember } from "./admin-fixtures.ts";

/**
 * POST /admin/upload over HTTP on the production build (issue 4 item 5): who may upload, what
 * lands on disk for good pictures, and the zh-HK refusals for everything else, with nothing
 * written for a refused file.
 */

const database = setupTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gather-upload-"));
const uploadsDir = path.join(dataDir, "uploads");
let server: ServedShop;
const cookies: Record<"anonymous" | "member" | "admin", string | undefined> = {
  anonymous: undefined,
  member: undefined,
  admin: undefined,
};
type Who = keyof typeof cookies;

const sessionCookie = (memberId: string) => memberSessionCookie(database.services, memberId);

beforeAll(async () => {
  // Any shop content stops the server seeding the demo shop (and drawing its pictures).
  await createCategory(database.db);
  const admin = await createMember(database.db, { type: "admin" });
  const member = await createMember(database.db);
  cookies.admin = await sessionCookie(admin.id);
  cookies.member = await sessionCookie(member.id);
  server = await serveShop({
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    GATHER_BUILD_DIR: inject("buildDir"),
    LOG_LEVEL: "warn",
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One raw request (own connection), so status codes and redirects arrive as the server sent them. */
function send(
  who: Who,
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: Buffer } = {},
): Promise<Reply> {
  const target = new URL(url, server.url);
  const headers: Record<string, string> = { ...options.headers };
  if (cookies[who]) headers.cookie = cookies[who]!;
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: target.hostname, port: target.port, path: target.pathname, method, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}

/** The multipart body a browser's FormData makes, with its boundary. */
async function multipart(fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const encodedForm = new Request("http://localhost/", { method: "POST", body: form });
  return {
    body: Buffer.from(await encodedForm.arrayBuffer()),
    headers: { "content-type": encodedForm.headers.get("content-type")! },
  };
}

async function upload(who: Who, fields: Record<string, string | File>) {
  const { body, headers } = await multipart(fields);
  return send(who, "POST", "/admin/upload", {
    body,
    headers: { ...headers, "content-length": String(body.length) },
  });
}

const file = (bytes: Buffer, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

/** The variants on disk for the URL an upload answered with, widest last. */
async function variantsOf(url: string) {
  const match = /^\/uploads\/(\w+)\/([0-9a-f]{24})-(\d+)w\.webp$/.exec(url);
  expect(match, url).not.toBeNull();
  const [, folder, stem] = match!;
  const names = filesUnder(uploadsDir).filter((name) => name.startsWith(`${folder}/${stem}-`));
  return Promise.all(
    names.map(async (name) => {
      const metadata = await sharp(path.join(uploadsDir, name)).metadata();
      return {
        name,
        named: Number(/-(\d+)w\.webp$/.exec(name)![1]),
        format: metadata.format,
        width: metadata.width,
        height: metadata.height,
        exif: metadata.exif,
        orientation: metadata.orientation,
      };
    }),
  ).then((variants) => variants.sort((a, b) => a.named - b.named));
}

describe("who may upload", () => {
  it("sends a visitor to sign in and refuses a member with 403, writing nothing", async () => {
    const picture = file(await pngPicture(400, 300), "a.png", "image/png");
    const visitor = await upload("anonymous", { file: picture, folder: "products" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.location).toBe("/login?redirectTo=%2Fadmin%2Fupload");
    const member = await upload("member", { file: picture, folder: "products" });
    expect(member.status).toBe(403);
    expect((await send("anonymous", "GET", "/admin/upload")).status).toBe(302);
    expect((await send("member", "GET", "/admin/upload")).status).toBe(403);
    expect(filesUnder(uploadsDir)).toEqual([]);
  });

  it("refuses an upload posted from another site", async () => {
    const { body, headers } = await multipart({
      file: file(await pngPicture(400, 300), "a.png", "image/png"),
      folder: "products",
    });
    const response = await send("admin", "POST", "/admin/upload", {
      body,
      headers: { ...headers, origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(filesUnder(uploadsDir)).toEqual([]);
  });
});

describe("an admin uploading a good picture", () => {
  it("gets the widest WebP's URL for a large PNG, stored at 320, 640, 960 and 1280 pixels", async () => {
    const response = await upload("admin", {
      file: file(await pngPicture(2000, 1500), "貨品.png", "image/png"),
      folder: "products",
    });
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const { url } = JSON.parse(response.body) as { url: string };
    expect(url).toMatch(/^\/uploads\/products\/[0-9a-f]{24}-1280w\.webp$/);
    const variants = await variantsOf(url);
    expect(variants.map((v) => [v.named, v.format, v.width, v.height])).toEqual([
      [320, "webp", 320, 240],
      [640, "webp", 640, 480],
      [960, "webp", 960, 720],
      [1280, "webp", 1280, 960],
    ]);

    // Served by the app with a long cache, each variant of the srcset.
    for (const variant of variants) {
      const served = await send("anonymous", "GET", `/uploads/${variant.name}`);
      expect(served.status, variant.name).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers["cache-control"]).toContain("immutable");
    }
  });

  it("turns a sideways phone JPEG upright, drops its EXIF (camera, GPS) and never upscales", async () => {
    // 800×600 pixels stored sideways: upright it is 600 wide and 800 high.
    const response = await upload("admin", {
      file: file(await sidewaysCameraJpeg(800, 600), "IMG_0001.JPG", "image/jpeg"),
      folder: "banners",
    });
    expect(response.status).toBe(200);
    const { url } = JSON.parse(response.body) as { url: string };
    expect(url).toMatch(/^\/uploads\/banners\/[0-9a-f]{24}-600w\.webp$/);
    const variants = await variantsOf(url);
    expect(variants.map((v) => [v.named, v.width, v.height])).toEqual([
      [320, 320, 427],
      [600, 600, 800],
    ]);
    for (const variant of variants) {
      expect(variant.format).toBe("webp");
      expect(variant.exif, variant.name).toBeUndefined();
      expect(variant.orientation, variant.name).toBeUndefined();
    }
  });

  it("accepts WebP, GIF and AVIF by their content, whatever the name says", async () => {
    for (const format of ["webp", "gif", "avif"] as const) {
      const response = await upload("admin", {
        file: file(await encoded(format, 300, 200), "picture.bin", "application/octet-stream"),
        folder: "brands",
      });
      expect(response.status, format).toBe(200);
      const { url } = JSON.parse(response.body) as { url: string };
      const variants = await variantsOf(url);
      expect(
        variants.map((v) => [v.format, v.width, v.height]),
        format,
      ).toEqual([["webp", 300, 200]]);
    }
  });

  it("names every upload at random, so the same picture twice gives two sets of files", async () => {
    const bytes = await pngPicture(500, 500);
    const first = await upload("admin", { file: file(bytes, "logo.png", "image/png"), folder: "merchants" });
    const second = await upload("admin", { file: file(bytes, "logo.png", "image/png"), folder: "merchants" });
    const urls = [first, second].map((response) => (JSON.parse(response.body) as { url: string }).url);
    expect(urls[0]).not.toBe(urls[1]);
    expect(urls[0]).not.toContain("logo");
  });
});

describe("refusals, each in zh-HK and writing nothing", () => {
  let before: string[];
  beforeEach(() => {
    before = filesUnder(uploadsDir);
  });

  async function expectRefused(response: Reply, status: number, message: string) {
    expect(response.status).toBe(status);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(response.body)).toEqual({ error: message });
    expect(filesUnder(uploadsDir)).toEqual(before);
  }

  it("refuses a text file named .jpg that claims to be a JPEG", async () => {
    const fake = file(Buffer.from("這不是相片，只是文字。\n".repeat(50)), "photo.jpg", "image/jpeg");
    await expectRefused(
      await upload("admin", { file: fake, folder: "products" }),
      400,
      "只接受 JPEG、PNG、WebP、GIF 或 AVIF 圖片",
    );
  });

  it("refuses an SVG and a truncated JPEG, which are not pictures it will store", async () => {
    const svg = file(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400"/></svg>',
      ),
      "logo.png",
      "image/png",
    );
    await expectRefused(
      await upload("admin", { file: svg, folder: "brands" }),
      400,
      "只接受 JPEG、PNG、WebP、GIF 或 AVIF 圖片",
    );
    const jpeg = await sidewaysCameraJpeg(800, 600);
    const truncated = file(jpeg.subarray(0, Math.floor(jpeg.length / 3)), "cut.jpg", "image/jpeg");
    await expectRefused(
      await upload("admin", { file: truncated, folder: "brands" }),
      400,
      "只接受 JPEG、PNG、WebP、GIF 或 AVIF 圖片",
    );
  });

  it("refuses a file over 5 MB with 413", async () => {
    const big = Buffer.concat([await pngPicture(64, 64), Buffer.alloc(5 * 1024 * 1024)]);
    await expectRefused(
      await upload("admin", { file: file(big, "big.png", "image/png"), folder: "products" }),
      413,
      "圖片不可大於 5 MB",
    );
  });

  it("refuses a decompression bomb: a 50 kB PNG declaring 20,000 × 20,000 pixels", async () => {
    const bomb = pixelBombPng(20_000);
    expect(bomb.length).toBeLessThan(100_000);
    await expectRefused(
      await upload("admin", { file: file(bomb, "bomb.png", "image/png"), folder: "products" }),
      400,
      "圖片尺寸太大（最多 40 百萬像素），請先縮細再上載",
    );
  });

  it("refuses a body declared over 6 MB before reading it", async () => {
    // Only the headers and a first slice are sent: a server waiting for the rest would never answer.
    const response = await new Promise<Reply>((resolve, reject) => {
      const outgoing = http.request(
        {
          host: "127.0.0.1",
          port: new URL(server.url).port,
          path: "/admin/upload",
          method: "POST",
          agent: false,
          headers: {
            cookie: cookies.admin!,
            "content-type": "multipart/form-data; boundary=x",
            "content-length": String(7 * 1024 * 1024),
          },
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
          incoming.on("end", () => {
            outgoing.destroy();
            resolve({
              status: incoming.statusCode ?? 0,
              headers: incoming.headers,
              body: Buffer.concat(chunks).toString("utf8"),
            });
          });
        },
      );
      outgoing.on("error", reject);
      outgoing.setTimeout(10_000, () => outgoing.destroy(new Error("the server waited for the body")));
      outgoing.write(Buffer.alloc(64 * 1024));
    });
    await expectRefused(response, 413, "圖片不可大於 5 MB");
  });

  it("refuses a chunked body (no length) once it passes 6 MB", async () => {
    const response = await new Promise<Reply>((resolve, reject) => {
      const outgoing = http.request(
        {
          host: "127.0.0.1",
          port: new URL(server.url).port,
          path: "/admin/upload",
          method: "POST",
          agent: false,
          headers: { cookie: cookies.admin!, "content-type": "multipart/form-data; boundary=x" },
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
          incoming.on("end", () => {
            outgoing.destroy();
            resolve({
              status: incoming.statusCode ?? 0,
              headers: incoming.headers,
              body: Buffer.concat(chunks).toString("utf8"),
            });
          });
        },
      );
      // The server may stop reading and close while the rest is still being sent.
      outgoing.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
      });
      const slice = Buffer.alloc(256 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < 8 * 1024 * 1024) {
          sent += slice.length;
          if (!outgoing.write(slice)) return void outgoing.once("drain", pump);
        }
        outgoing.end();
      };
      pump();
    });
    await expectRefused(response, 413, "圖片不可大於 5 MB");
  });

  it("refuses a missing file, an empty file, an unknown folder and a form that is not multipart", async () => {
    const picture = file(await pngPicture(400, 300), "a.png", "image/png");
    await expectRefused(await upload("admin", { folder: "products" }), 400, "請選擇要上載的圖片");
    await expectRefused(
      await upload("admin", { file: file(Buffer.alloc(0), "empty.png", "image/png"), folder: "products" }),
      400,
      "請選擇要上載的圖片",
    );
    await expectRefused(await upload("admin", { file: picture, folder: "../../etc" }), 400, "圖片類別不正確");
    await expectRefused(await upload("admin", { file: picture }), 400, "圖片類別不正確");
    await expectRefused(
      await send("admin", "POST", "/admin/upload", {
        body: Buffer.from("folder=products&file=x"),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
      400,
      "請選擇要上載的圖片",
    );
  });

  it("answers 405 with Allow: POST to other methods", async () => {
    for (const method of ["GET", "PUT", "DELETE"]) {
      const response = await send("admin", method, "/admin/upload");
      expect(response.headers.allow, method).toBe("POST");
      await expectRefused(response, 405, "請以表格上載圖片");
    }
  });
});
