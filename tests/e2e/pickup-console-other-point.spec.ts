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
import { expect, test, visit } from "./support/test.ts";

// Issue 44 item 9: staff who scan or type the code of an order picked up at another point are told,
// in zh-HK, at which point it is picked up, and nothing of the order shows or changes.

const code = newPickupCode();
const video = qrVideo(`gather-pickup:${code}`);

test.use({
  ...customerHeaders(),
  permissions: ["camera"],
  launchOptions: cameraLaunchOptions(video),
  // The order's own address answers 403 (asserted below), which the browser logs.
  allowConsole: [/the server responded with a status of 403/],
});

test.afterAll(() => fs.rmSync(video, { force: true }));

test("staff scanning or typing another point's code are told which point it belongs to @phone-only", async ({
  page,
}) => {
  test.slow(); // a camera, a decoder and several pages
  const buyer = newMember("陳", "大文");
  await createMember(buyer);
  const staff = await signInNewMember(page, newMember("李", "職員"));
  const ours = await pickupPoint(`本站${code}`, staff.phone);
  const theirs = await pickupPoint(`別站${code}`);
  const { order } = await readyOrderToday(code, buyer.phone, theirs.id);
  const told = `此訂單於「${theirs.name}」取貨，不屬於你的自取點`;

  await visit(page, "/pickup");
  await expect(page.getByTestId("pickup-point")).toHaveText(ours.name);

  // Typed, after hydration: the search is a client-side navigation.
  await page.getByLabel("取貨碼").fill(code.toLowerCase());
  await page.getByRole("button", { name: "搜尋" }).click();
  await expect(page.getByTestId("pickup-refusal")).toHaveText(told);
  await expect(page.getByText(buyer.phone.slice(-4))).toHaveCount(0);

  // Scanned with the camera.
  await visit(page, "/pickup");
  await page.getByTestId("pickup-scan").click();
  await expect(page.getByTestId("pickup-refusal")).toHaveText(told, { timeout: 20_000 });
  await expect(page).toHaveURL(/\/pickup\?/);

  // The order's own address, opened directly: a 403 that names the point and nothing else.
  await visit(page, `/pickup/order/${code}`, { status: 403 });
  await expect(page.getByTestId("pickup-refusal")).toHaveText(told);
  await expect(page.getByText(order.number)).toHaveCount(0);
  expect(await sql("select status from orders where id = $1", [order.id])).toEqual([
    { status: "ready_for_pickup" },
  ]);
});
