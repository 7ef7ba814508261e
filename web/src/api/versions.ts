// A server's description versions: push a new description and read its diff, apply, discard, history, sync.
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "./client";
import type { z } from "zod";
import type { appliedVersion, specVersion, syncOutcome } from "../../../worker/versions/schemas";

export type SpecVersion = z.output<typeof specVersion>;
export type SpecDiff = NonNullable<SpecVersion["diff"]>;
export type DiffEntry = SpecDiff["entries"][number];

const base = (id: string) => `/api/servers/${encodeURIComponent(id)}`;

export const versionsQuery = (serverId: string) =>
  queryOptions({
    queryKey: ["servers", serverId, "versions"],
    queryFn: async () => (await apiRequest<SpecVersion[]>(`${base(serverId)}/spec/versions`, { fallbackError: "Failed to load the description versions" })) ?? [],
  });

/** Pushes a new description (a file, or a URL fetched by the portal) as a pending version. */
export function pushDescription(serverId: string, source: { file: File } | { url: string }) {
  let body: FormData | { url: string } = { url: "url" in source ? source.url : "" };
  if ("file" in source) {
    body = new FormData();
    body.set("file", source.file);
  }
  return apiRequest<SpecVersion>(`${base(serverId)}/spec`, { method: "PUT", body, fallbackError: "Failed to read the new description" });
}

export const applyVersion = (serverId: string, versionId: string) =>
  apiRequest<z.output<typeof appliedVersion>>(`${base(serverId)}/spec/${encodeURIComponent(versionId)}/apply`, {
    method: "POST",
    fallbackError: "Failed to apply the description",
  });

export const discardVersion = (serverId: string, versionId: string) =>
  apiRequest(`${base(serverId)}/spec/${encodeURIComponent(versionId)}`, { method: "DELETE", fallbackError: "Failed to discard the description" });

export type SyncResult = z.output<typeof syncOutcome>;
export const syncNow = (serverId: string) => apiRequest<SyncResult>(`${base(serverId)}/sync`, { method: "POST", fallbackError: "Failed to sync the description" });
