// Try it, Check the API and the Model view of a server.
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { checkAnswer, checkOperations, modelViewAnswer, tryItAnswer } from "../../../worker/try-it/schemas";
import { apiRequest } from "./client";

export type TryItAnswer = z.output<typeof tryItAnswer>;
export type ApiCheck = z.output<typeof checkAnswer>;
export type CheckOperations = z.output<typeof checkOperations>;
export type ModelView = z.output<typeof modelViewAnswer>;

const base = (serverId: string) => `/api/servers/${encodeURIComponent(serverId)}`;

export const modelViewQuery = (serverId: string) =>
  queryOptions({
    queryKey: ["servers", serverId, "model-view"],
    queryFn: () => apiRequest<ModelView>(`${base(serverId)}/model-view`, { fallbackError: "Failed to load the Model view" }),
  });

export const checkOperationsQuery = (serverId: string) =>
  queryOptions({
    queryKey: ["servers", serverId, "check-api"],
    queryFn: () => apiRequest<CheckOperations>(`${base(serverId)}/check-api`, { fallbackError: "Failed to load the API's operations" }),
  });

export const runTool = (serverId: string, body: { tool: string; arguments: Record<string, unknown>; upstreamCredential?: string }) =>
  apiRequest<TryItAnswer>(`${base(serverId)}/try-it`, { method: "POST", body, fallbackError: "Failed to run the tool" });

export const checkApi = (serverId: string, body: { tool?: string; baseUrl?: string }) =>
  apiRequest<ApiCheck>(`${base(serverId)}/check-api`, { method: "POST", body, fallbackError: "Failed to check the API" });
