import { setMaintenance } from "./support/maintenance.ts";

/** Safety net: whatever happened in the maintenance journeys, leave the shop open. */
export default async function globalTeardown() {
  try {
    await setMaintenance(false);
  } catch (error) {
    console.warn(`could not switch maintenance off: ${(error as Error).message}`);
  }
}
