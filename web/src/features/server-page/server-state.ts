// One reading of a server's state for people: its deployment and its plan status in one label and sentence.
import type { Server } from "@/api/servers";

export type ServerState = { label: string; tone: "green" | "blue" | "red" | "orange" | "muted"; meaning: string };

/** What a server's card and page say about it: paused, not deployed, deploying, failed or deployed. */
export function serverState(server: Pick<Server, "status" | "deployment">): ServerState {
  const deployment = server.deployment;
  if (server.status === "hibernated")
    return { label: "Paused (Plan Limit)", tone: "orange", meaning: "Calls are refused until the plan allows them again." };
  if (!deployment) return { label: "Not deployed", tone: "muted", meaning: "Deploy it to get an MCP endpoint that MCP clients can call." };
  if (deployment.status === "deploying" || deployment.status === "generated")
    return { label: "Deploying", tone: "blue", meaning: "The MCP server is being generated and published." };
  if (deployment.status === "failed")
    return { label: "Deployment failed", tone: "red", meaning: deployment.error ?? "The last deployment failed: deploy again." };
  if (deployment.error) return { label: "Needs a redeploy", tone: "orange", meaning: deployment.error };
  return { label: "Deployed", tone: "green", meaning: "MCP clients can call its endpoint with an access token." };
}

export const TONE_CLASSES: Record<ServerState["tone"], string> = {
  green: "border-green-300 bg-green-50 text-green-800",
  blue: "border-blue-300 bg-blue-50 text-blue-800",
  red: "border-red-300 bg-red-50 text-red-800",
  orange: "border-orange-300 bg-orange-50 text-orange-800",
  muted: "border-border bg-muted text-muted-foreground",
};
