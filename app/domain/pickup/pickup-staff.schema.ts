import { z } from "zod";

/** The admin's form on /admin/member/:id: the points a member works at (none: not staff); issue 31 item 2. */
export const pickupStaffSchema = z.object({
  intent: z.literal("pickupStaff"),
  pointIds: z.array(z.coerce.number().int().positive()).max(200).default([]),
});
