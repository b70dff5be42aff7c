import fs from "node:fs";
import path from "node:path";
import QRCode from "qrcode";
import { sql } from "./sessions.ts";

/** Pickup codes use 23456789ABCDEFGHJKMNPQRSTUVWXYZ: a code of a run's own. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

export function newPickupCode(): string {
  return Array.from({ length: 6 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join("");
}

/**
 * A Y4M video (4:2:0) of a member's QR, `gather-pickup:<code>`, drawn module by module: the camera
 * Chromium is given (`--use-file-for-fake-video-capture`). Written before the browser starts.
 */
export function qrVideo(text: string): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const modules = qr.modules.size;
  const width = 480;
  const height = 480;
  const scale = Math.floor((width * 0.8) / (modules + 8));
  const offset = Math.floor((width - (modules + 8) * scale) / 2) + 4 * scale;
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < modules; y++) {
    for (let x = 0; x < modules; x++) {
      if (!qr.modules.get(x, y)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const row = (offset + y * scale + dy) * width + offset + x * scale;
        luma.fill(16, row, row + scale);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma, chroma]);
  const file = path.resolve(`tmp/pickup-qr-${process.pid}-${text.replace(/\W/g, "")}.y4m`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`),
      ...Array(10).fill(frame),
    ]),
  );
  return file;
}

/** Chromium with a fake camera that plays `video` (and the shop's usual flags). */
export function cameraLaunchOptions(video: string) {
  return {
    executablePath: "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ],
  };
}

/** A new pickup point; `staffPhone`'s member (if given) works there. */
export async function pickupPoint(name: string, staffPhone?: string) {
  const [district] = await sql<{ id: number }>("select id from pickup_districts order by id limit 1");
  const [point] = await sql<{ id: number; name: string }>(
    `insert into pickup_points (district_id, name, address) values ($1, $2, '觀塘道 1 號') returning id, name`,
    [district!.id, name],
  );
  if (staffPhone) {
    const [staff] = await sql<{ id: string }>("select id from members where phone = $1", [staffPhone]);
    await sql("insert into pickup_staff (member_id, pickup_point_id) values ($1, $2)", [
      staff!.id,
      point!.id,
    ]);
  }
  return point!;
}

/** A ready order with two lines under `code` at `pointId`, in a cycle whose pickup days are today. */
export async function readyOrderToday(code: string, buyerPhone: string, pointId: number) {
  const [cycle] = await sql<{ id: number }>(
    `insert into order_cycles (cutoff_at, pickup_from, pickup_to, status)
     values (now() - interval '3 days', (now() at time zone 'Asia/Hong_Kong')::date - 1,
             (now() at time zone 'Asia/Hong_Kong')::date + 2, 'settled') returning id`,
  );
  const [buyer] = await sql<{ id: string }>("select id from members where phone = $1", [buyerPhone]);
  const products = await sql<{ id: number; name: string; gather_price_cents: number }>(
    "select id, name, gather_price_cents from products where mode = 'instock' order by id limit 2",
  );
  const items = products.reduce((sum, product) => sum + product.gather_price_cents, 0);
  const [order] = await sql<{ id: number; number: string }>(
    `insert into orders (number, member_id, cycle_id, status, pickup_point_id, pickup_code, items_cents,
       payable_cents, payment_method, idempotency_key, paid_at)
     values ($1, $2, $3, 'ready_for_pickup', $4, $5, $6, $6, 'sandbox', $1, now()) returning id, number`,
    [`PK${code}`, buyer!.id, cycle!.id, pointId, code, items],
  );
  for (const product of products) {
    await sql(
      `insert into order_lines (order_id, product_id, name, mode, unit, default_weight, quantity, price_cents,
         gather_price_cents, market_price_cents, unit_price_cents, amount_cents)
       select $1, id, name, mode, unit, default_weight, 1, price_cents, gather_price_cents, market_price_cents,
         gather_price_cents, gather_price_cents from products where id = $2`,
      [order!.id, product.id],
    );
  }
  return { order: order!, products };
}
