// A server's description versions: push a new description and read its diff, apply, discard, history, sync.
import { queryOptions } from "@tanstack/react-query";
import { api, call, oneBody, param } from "./client";
import type { z } from "zod";
import type { specVersion, syncOutcome } from "../../../worker/versions/schemas";

export type SpecVersion = z.output<typeof specVersion>;
export type SpecDiff = NonNullable<SpecVersion["diff"]>;
export type DiffEntry = SpecDiff["entries"][number];

export const versionsQuery = (serverId: string) =>
  queryOptions({
    queryKey: ["servers", serverId, "versions"],
    queryFn: async () =>
      (await call(api.servers[":id"].spec.versions.$get(param({ id: serverId })), "Failed to load the description versions")) ?? [],
  });

/** Pushes a new description (a file, or a URL fetched by the portal) as a pending version. */
export const pushDescription = (serverId: string, source: { file: File } | { url: string }) =>
  call(
    api.servers[":id"].spec.$put(
      oneBody({ ...param({ id: serverId }), ...("file" in source ? { form: { file: source.file } } : { json: { url: source.url } }) }),
    ),
    "Failed to read the new description",
  );

export const applyVersion = (serverId: string, versionId: string) =>
  call(api.servers[":id"].spec[":versionId"].apply.$post(param({ id: serverId, versionId })), "Failed to apply the description");

export const discardVersion = (serverId: string, versionId: string) =>
  call(api.servers[":id"].spec[":versionId"].$delete(param({ id: serverId, versionId })), "Failed to discard the description");

export type SyncResult = z.output<typeof syncOutcome>;
export const syncNow = (serverId: string) => call(api.servers[":id"].sync.$post(param({ id: serverId })), "Failed to sync the description");
