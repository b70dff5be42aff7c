import fs from "node:fs";
import path from "node:path";
import QRCode from "qrcode";
import { customerHeaders, newMember } from "./support/members.ts";
import { createMember, signInNewMember, sql } from "./support/sessions.ts";
import { expect, expectNoSeriousA11yViolations, expectToast, test, visit } from "./support/test.ts";

// Issue 31 item 2: pickup staff at a phone scan a member's pickup QR with the camera (Chromium's
// fake camera plays a video of the QR), the order opens, a line is marked missing after a
// confirmation, and a second scan says when and by whom the order was collected.

/** Pickup codes use 23456789ABCDEFGHJKMNPQRSTUVWXYZ: a code of this run's own. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const code = Array.from({ length: 6 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join("");

/**
 * A Y4M video (4:2:0) of the member's QR, `gather-pickup:<code>`, drawn module by module: the
 * camera Chromium is given. Written before the browser starts (this file loads first).
 */
function qrVideo(text: string): string {
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
  const file = path.resolve(`tmp/pickup-qr-${process.pid}.y4m`);
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

const video = qrVideo(`gather-pickup:${code}`);

test.use({
  ...customerHeaders(),
  permissions: ["camera"],
  launchOptions: {
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
  },
});

test.afterAll(() => fs.rmSync(video, { force: true }));

/** A point, today's cycle and a ready order with two lines under this run's code; the staff member assigned to the point. */
async function readyOrderToday(buyerPhone: string, staffPhone: string) {
  const [district] = await sql<{ id: number }>("select id from pickup_districts order by id limit 1");
  const [point] = await sql<{ id: number; name: string }>(
    `insert into pickup_points (district_id, name, address) values ($1, $2, '觀塘道 1 號') returning id, name`,
    [district!.id, `測試取貨站${code}`],
  );
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
    [`PK${code}`, buyer!.id, cycle!.id, point!.id, code, items],
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
  const [staff] = await sql<{ id: string }>("select id from members where phone = $1", [staffPhone]);
  await sql("insert into pickup_staff (member_id, pickup_point_id) values ($1, $2)", [staff!.id, point!.id]);
  return { point: point!, order: order!, products };
}

// The console is worked on a phone: run by the phone project only (decision 0017's width tags).
test("pickup staff scan a member's QR with the camera, mark a line missing and see who collected it @phone-only", async ({
  page,
}) => {
  test.slow(); // a camera, a decoder and four pages
  const buyer = newMember("陳", "大文");
  // The buyer exists in the shop; only the staff member is signed in on this phone.
  await createMember(buyer);
  const staff = await signInNewMember(page, newMember("李", "職員"));
  const { point, order, products } = await readyOrderToday(buyer.phone, staff.phone);

  await visit(page, "/pickup");
  await expect(page.getByTestId("pickup-point")).toHaveText(point.name);
  const left = page.getByTestId("pickup-left");
  await expect(left).toContainText(code);
  await expect(left).toContainText(`陳＊＊（電話尾號 ${buyer.phone.slice(-4)}）`);
  await page.screenshot({ path: test.info().outputPath("pickup-console.png"), fullPage: true });

  // The scan: the fake camera shows the member's QR; jsQR (no BarcodeDetector here) reads it.
  await page.getByTestId("pickup-scan").click();
  await expect(page).toHaveURL(`/pickup/order/${code}`, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`訂單 ${order.number}`);
  await expect(page.getByTestId("pickup-member")).toHaveText(`陳＊＊（電話尾號 ${buyer.phone.slice(-4)}）`);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath("pickup-order.png"), fullPage: true });

  // A line missing: ticked, a reason, then a confirmation before anything is written.
  const missing = products[1]!;
  await page.getByLabel(new RegExp(missing.name)).check();
  await page.getByLabel("缺貨原因").fill("供應商缺貨");
  await page.getByRole("button", { name: "標記缺貨並取貨" }).click();
  const confirm = page.getByTestId("pickup-confirm");
  await expect(confirm).toContainText("確認標記缺貨？");
  await expect(confirm).toContainText(missing.name);
  await page.screenshot({ path: test.info().outputPath("pickup-confirm.png"), fullPage: true });
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: "確認缺貨並取貨" }).click();
  await expectToast(page, `訂單 ${order.number} 已取貨，缺貨已退回`);
  await expect(page).toHaveURL(`/pickup?point=${point.id}`);
  await expect(page.getByTestId("pickup-done")).toContainText(code);
  await expect(page.getByTestId("pickup-left")).not.toContainText(code);
  const [ledger] = await sql<{ amount_cents: number; reason: string }>(
    "select amount_cents, reason from dollar_ledger where order_id = $1",
    [order.id],
  );
  expect(ledger).toEqual({ amount_cents: missing.gather_price_cents, reason: "missing_refund" });

  // A second scan of the collected order says when and by whom.
  await page.getByTestId("pickup-scan").click();
  await expect(page).toHaveURL(`/pickup/order/${code}`, { timeout: 20_000 });
  await expect(page.getByTestId("pickup-collected")).toHaveText(
    /已於 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 由 李職員 交收/,
  );
  await expect(page.getByTestId("pickup-lines")).toContainText("缺貨（已退");
  await page.screenshot({ path: test.info().outputPath("pickup-collected.png"), fullPage: true });
});
