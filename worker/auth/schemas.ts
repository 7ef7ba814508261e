// zod schema of the signed-in user's profile (auth/session.ts toProfile).
import { z } from "zod";
import { nullable } from "../lib/answers";

export const profile = z
  .object({ name: z.string(), email: z.string(), picture: nullable(z.string()), superUser: z.boolean() })
  .meta({ id: "Profile" });
