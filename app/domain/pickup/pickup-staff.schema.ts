import { z } from "zod";
import { list } from "../shared/record-fields.ts";

/** The admin's form on /admin/member/:id: the points a member works at (none: not staff); issue 31 item 2. */
export const pickupStaffSchema = z.object({
  intent: z.literal("pickupStaff"),
  pointIds: list(z.array(z.coerce.number().int().positive()).max(200).default([])),
});
