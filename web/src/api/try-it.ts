// Try it, Check the API and the Model view of a server.
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { checkAnswer, checkOperations, modelViewAnswer, tryItAnswer } from "../../../worker/try-it/schemas";
import { api, call, param } from "./client";

export type TryItAnswer = z.output<typeof tryItAnswer>;
export type ApiCheck = z.output<typeof checkAnswer>;
export type CheckOperations = z.output<typeof checkOperations>;
export type ModelView = z.output<typeof modelViewAnswer>;

export const modelViewQuery = (serverId: string) =>
  queryOptions({
    queryKey: ["servers", serverId, "model-view"],
    queryFn: () => call(api.servers[":id"]["model-view"].$get(param({ id: serverId })), "Failed to load the Model view"),
  });

export const checkOperationsQuery = (serverId: string) =>
  queryOptions({
    queryKey: ["servers", serverId, "check-api"],
    queryFn: () => call(api.servers[":id"]["check-api"].$get(param({ id: serverId })), "Failed to load the API's operations"),
  });

export const runTool = (serverId: string, body: { tool: string; arguments: Record<string, unknown>; upstreamCredential?: string }) =>
  call(api.servers[":id"]["try-it"].$post({ ...param({ id: serverId }), json: body }), "Failed to run the tool");

export const checkApi = (serverId: string, body: { tool?: string; baseUrl?: string }) =>
  call(api.servers[":id"]["check-api"].$post({ ...param({ id: serverId }), json: body }), "Failed to check the API");
