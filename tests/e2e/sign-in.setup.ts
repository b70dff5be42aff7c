import { customerHeaders, newMember, register } from "./support/members.ts";
import { saveAdmin, sql } from "./support/sessions.ts";
import { test as setup } from "./support/test.ts";

// Before every other journey (the `sign-in` project, playwright.config.ts): the run's admin registers
// through /register, is made an admin (the operator's `npm run admin:grant` has its own journey in
// members-admin.spec.ts) and their browser's storage state is saved for the back-office journeys.

setup.use(customerHeaders());

setup("the run's admin registers through the form", async ({ page }) => {
  const admin = await register(page, newMember("管", `理員${Math.random().toString(36).slice(2, 7)}`));
  await sql("update members set type = 'admin' where phone = $1", [admin.phone]);
  await saveAdmin(page.context(), admin);
});
