// Helpers for the servers API tests: uploads, plan changes and organization lookups.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { getDb } from "../../../worker/db";
import { memberships, subscriptions, users } from "../../../worker/db/schema";
import { call } from "../helpers";

export const db = getDb(env.DB);

/** POST /api/servers with a file upload and optional form fields. */
export function uploadDescription(cookie: string, filename: string, text: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set("file", new File([text], filename));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return call("/api/servers", { method: "POST", body: form, cookie });
}

/** POST /api/servers with a URL. */
export function importUrl(cookie: string, url: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set("url", url);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return call("/api/servers", { method: "POST", body: form, cookie });
}

export async function organizationOf(email: string) {
  const user = await db.query.users.findFirst({ where: eq(users.email, email) });
  const membership = await db.query.memberships.findFirst({ where: eq(memberships.userId, user!.id) });
  return membership!.organizationId;
}

/** Moves the user's organization to another plan (as a completed checkout would). */
export async function setPlan(email: string, planType: "free" | "sprout" | "growth") {
  const organizationId = await organizationOf(email);
  await db.update(subscriptions).set({ planType }).where(eq(subscriptions.organizationId, organizationId));
  return organizationId;
}

/** A 3.0 description with `count` operations op1 … opN. */
export function manyOperations(count: number, title = "Many Ops") {
  const paths: Record<string, unknown> = {};
  for (let i = 1; i <= count; i++) {
    paths[`/things/${i}`] = { get: { operationId: `op${i}`, summary: `Operation ${i}`, responses: { 200: { description: "ok" } } } };
  }
  return JSON.stringify({ openapi: "3.0.3", info: { title, version: "1.0" }, servers: [{ url: "https://many.example.com" }], paths });
}

export const json = async <T = any>(res: Response) => (await res.json()) as T;
