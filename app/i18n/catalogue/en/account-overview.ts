import type { accountOverview as zh } from "../account-overview.ts";
import type { Mirror } from "./mirror.ts";

export const accountOverview = {
  "account.joinedOn": "{day} {month} {year}",
} satisfies Mirror<typeof zh>;
