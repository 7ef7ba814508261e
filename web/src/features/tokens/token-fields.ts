// The fields both token dialogs ask for: an optional name and an optional expiry in days.
import { z } from "zod";

export const tokenFields = {
  name: z.string().trim().max(100, "At most 100 characters"),
  // 0 days would be an expiry in the past; empty means no expiry.
  expiryDays: z
    .string()
    .trim()
    .regex(/^([1-9]\d{0,3})?$/, "Enter a whole number of days from 1 to 9999"),
};
