// The fields both token dialogs ask for (spec §5): an optional name and an optional expiry in days.
import { z } from "zod";

export const tokenFields = {
  name: z.string().trim().max(100, "At most 100 characters"),
  expiryDays: z.string().trim().regex(/^(\d{1,4})?$/, "Enter a whole number of days"),
};
