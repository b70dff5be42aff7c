import fs from "node:fs";
import { customerHeaders, newMember } from "./support/members.ts";
import {
  cameraLaunchOptions,
  newPickupCode,
  pickupPoint,
  qrVideo,
  readyOrderToday,
} from "./support/pickup.ts";
import { createMember, signInNewMember, sql } from "./support/sessions.ts";
import { expect, expectNoSeriousA11yViolations, expectToast, test, visit } from "./support/test.ts";

// Issue 31 item 2: pickup staff at a phone scan a member's pickup QR with the camera (Chromium's
// fake camera plays a video of the QR), the order opens, a line is marked missing after a
// confirmation, and a second scan says when and by whom the order was collected.

const code = newPickupCode();
const video = qrVideo(`gather-pickup:${code}`);

test.use({ ...customerHeaders(), permissions: ["camera"], launchOptions: cameraLaunchOptions(video) });

test.afterAll(() => fs.rmSync(video, { force: true }));

// The console is worked on a phone: run by the phone project only (decision 0017's width tags).
test("pickup staff scan a member's QR with the camera, mark a line missing and see who collected it @phone-only", async ({
  page,
}) => {
  test.slow(); // a camera, a decoder and four pages
  const buyer = newMember("陳", "大文");
  // The buyer exists in the shop; only the staff member is signed in on this phone.
  await createMember(buyer);
  const staff = await signInNewMember(page, newMember("李", "職員"));
  const point = await pickupPoint(`測試取貨站${code}`, staff.phone);
  const { order, products } = await readyOrderToday(code, buyer.phone, point.id);

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
