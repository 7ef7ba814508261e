// Deploy modal: steps and their transitions, the timer's colours and messages, polling cadence and
// the desktop-client configuration.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Server } from "@/api/servers";
import { DeployModal } from "@/features/deploy/deploy-modal";
import { desktopClientConfig, serverKey } from "@/features/deploy/desktop-config";
import * as fx from "./fixtures";

const server = fx.activeServer as Server;
const STATUS = "GET /api/servers/srv_1/deployment";
const API_CONFIG = "GET /api/servers/srv_1/api-config";
const DEPLOY = "POST /api/servers/srv_1/deploy/cloudflare";
const CANCEL = "DELETE /servers/srv_1/deployment";

const apiConfig = {
  baseUrl: "https://petstore.example.com",
  authType: "bearer",
  authStrategy: "managed",
  headers: { Accept: "application/json", Authorization: "Bearer ••••1234" },
};
const view = (status: string, extra: Record<string, unknown> = {}) => ({
  deploymentId: "dep_2",
  status,
  deploymentUrl: "http://localhost:8787/s/petstore-ab12",
  mcpUrl: "http://localhost:8787/s/petstore-ab12/mcp",
  error: null,
  updatedAt: "2026-11-02T10:00:00.000Z",
  cloudflareDeploymentId: status === "deployed" ? "dep_2" : null,
  cloudflareProjectId: status === "deployed" ? "toolport-petstore-ab12" : null,
  provider: "loader",
  activeDeploymentId: status === "deployed" ? "dep_2" : null,
  startedAt: new Date().toISOString(),
  log: [{ at: "2026-11-02T10:00:00.000Z", message: "Deployment started" }],
  ...extra,
});

type Reply = { status?: number; body: unknown } | Promise<never>;
type Handler = Reply | ((body: unknown) => Reply);
const ok = (data: unknown) => ({ body: { success: true, data } });
const notFound = { status: 404, body: { success: false, error: "No deployment for this server" } };

/** Stubs fetch with "METHOD /path" handlers (a function answers per call); logs every call. */
function stubApi(routes: Record<string, Handler>) {
  const calls: { key: string; at: number; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init?: RequestInit) => {
      const key = `${init?.method ?? "GET"} ${new URL(input, "http://localhost").pathname}`;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ key, at: Date.now(), body });
      const handler = routes[key];
      const reply = typeof handler === "function" ? handler(body) : handler;
      if (!reply) return Response.json({ success: false, error: "Not found" }, { status: 404 });
      if (reply instanceof Promise) return reply;
      return Response.json(reply.body, { status: reply.status ?? 200 });
    }),
  );
  return calls;
}

function renderModal(onOpenChange = vi.fn(), shown: Server = server) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <DeployModal server={shown} open onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return { onOpenChange };
}

/** Lets fake time pass (and the fetches and renders it triggers settle). */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const useFakeTime = () => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });

afterEach(() => {
  vi.useRealTimers();
});

describe("deploy modal: config step", () => {
  it("shows the API configuration and deploys a server that was never deployed", async () => {
    const calls = stubApi({ [STATUS]: notFound, [API_CONFIG]: ok(apiConfig), [DEPLOY]: ok(view("deployed")) });
    renderModal();
    expect(await screen.findByText("Not deployed yet")).toBeInTheDocument();
    expect(await screen.findByText("https://petstore.example.com")).toBeInTheDocument();
    expect(screen.getByText("bearer")).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Headers" })).getByText("Authorization: Bearer ••••1234")).toBeInTheDocument();
    expect(screen.queryByText(/regenerates the MCP server/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Deploy MCP Server" }));
    expect(await screen.findByText("Successfully Deployed!")).toBeInTheDocument();
    // Clients that sign in with OAuth need the URL alone: steps for each, VS Code's command, Cursor's link.
    const connect = screen.getByRole("region", { name: "Connect by URL (sign in with OAuth)" });
    expect(within(connect).getByText(/Add custom connector/)).toBeInTheDocument();
    const command = within(connect).getByLabelText("VS Code command").textContent!;
    expect(JSON.parse(command.slice(command.indexOf("'") + 1, -1))).toMatchObject({ type: "http", url: expect.stringMatching(/\/mcp$/) });
    const cursor = new URL(within(connect).getByRole("link", { name: "Add to Cursor" }).getAttribute("href")!);
    expect(JSON.parse(atob(cursor.searchParams.get("config")!))).toEqual({ url: expect.stringMatching(/\/mcp$/) });
    expect(calls.find((c) => c.key === DEPLOY)!.body).toEqual({
      apiConfig: { baseUrl: "https://petstore.example.com", authType: "bearer", headers: apiConfig.headers },
    });
  });

  it("does not ask for the status of a server the list shows was never deployed (it would answer 404)", async () => {
    const calls = stubApi({ [STATUS]: notFound, [API_CONFIG]: ok(apiConfig) });
    renderModal(vi.fn(), { ...server, deployment: null });
    expect(await screen.findByText("Not deployed yet")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Deploy MCP Server" })).toBeInTheDocument();
    expect(calls.filter((c) => c.key === STATUS)).toEqual([]);
  });

  it("offers a redeploy with its note for a failed deployment that left a live one, and shows the error", async () => {
    stubApi({
      [STATUS]: ok(view("failed", { error: "Upstream host unreachable", activeDeploymentId: "dep_1" })),
      [API_CONFIG]: ok(apiConfig),
    });
    renderModal();
    expect(await screen.findByText("Last deployment failed")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Upstream host unreachable");
    expect(screen.getByText("Redeploying regenerates the MCP server with the latest code, tools and configuration.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Redeploy MCP Server" })).toBeInTheDocument();
  });

  it("says on the deployed step when the live deployment needs a redeploy, and offers it", async () => {
    stubApi({ [STATUS]: ok(view("deployed", { redeployNeeded: true })), [API_CONFIG]: ok(apiConfig) });
    renderModal();
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Needs a redeploy: this server was deployed with an earlier Toolport runtime that is no longer available.",
    );
    expect(screen.getByRole("button", { name: "Redeploy" })).toBeInTheDocument();
  });

  it("returns to config with the server's error when the deploy ends failed", async () => {
    stubApi({
      [STATUS]: notFound,
      [API_CONFIG]: ok(apiConfig),
      [DEPLOY]: ok(view("failed", { error: "Tool generation failed: no active tools" })),
    });
    renderModal();
    await userEvent.click(await screen.findByRole("button", { name: "Deploy MCP Server" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Tool generation failed: no active tools");
    expect(screen.getByRole("button", { name: "Deploy MCP Server" })).toBeInTheDocument();
  });
});

describe("deploy modal: config step's errors, base URL and closing", () => {
  it("shows 'Failed to deploy MCP server' when the deploy call fails without a message", async () => {
    stubApi({ [STATUS]: notFound, [API_CONFIG]: ok(apiConfig), [DEPLOY]: { status: 500, body: {} } });
    renderModal();
    await userEvent.click(await screen.findByRole("button", { name: "Deploy MCP Server" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to deploy MCP server");
  });

  it("asks a self-hosted API's user for their own address, showing the docs' example", async () => {
    stubApi({ [STATUS]: notFound, [API_CONFIG]: ok({ ...apiConfig, baseUrl: null, instanceExample: "http://localhost:11434/api" }) });
    renderModal();
    const input = await screen.findByRole("textbox", { name: "Base URL" });
    expect(input).toHaveAttribute("placeholder", "http://localhost:11434/api");
    expect(
      screen.getByText(
        /This API runs wherever each user installs it: its documentation shows http:\/\/localhost:11434\/api as an example\. Enter the address of yours/,
      ),
    ).toBeInTheDocument();
  });

  it("asks for the base URL when the description named none, and deploys with it", async () => {
    const calls = stubApi({ [STATUS]: notFound, [API_CONFIG]: ok({ ...apiConfig, baseUrl: null }), [DEPLOY]: ok(view("deployed")) });
    renderModal();
    const input = await screen.findByRole("textbox", { name: "Base URL" });
    const deploy = screen.getByRole("button", { name: "Deploy MCP Server" });
    expect(deploy).toBeDisabled();
    await userEvent.type(input, "api.example.com");
    expect(deploy).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, "https://api.example.com/v1");
    await userEvent.click(deploy);
    expect(await screen.findByText("Successfully Deployed!")).toBeInTheDocument();
    expect(calls.find((c) => c.key === DEPLOY)!.body).toEqual({
      apiConfig: { baseUrl: "https://api.example.com/v1", authType: "bearer", headers: apiConfig.headers },
    });
  });

  it("keeps the title clear of the close button", async () => {
    stubApi({ [STATUS]: notFound, [API_CONFIG]: ok(apiConfig) });
    renderModal();
    // jsdom lays nothing out: the header's side padding is what leaves the corner's close button room.
    const header = screen.getByRole("heading", { name: "Deploy Petstore" }).closest("[data-slot=dialog-header]");
    expect(header).toHaveClass("px-6");
    expect(await screen.findByText("Not deployed yet")).toBeInTheDocument();
  });

  it("Cancel closes the modal", async () => {
    stubApi({ [STATUS]: notFound, [API_CONFIG]: ok(apiConfig) });
    const { onOpenChange } = renderModal();
    await userEvent.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe("deploy modal: deploying step's timer and status", () => {
  it("colours the timer blue, yellow then orange and changes its message at 15, 30, 60 and 90 s", async () => {
    useFakeTime();
    stubApi({ [STATUS]: ok(view("deploying")), [API_CONFIG]: ok(apiConfig) });
    renderModal();
    await advance(0);
    const timer = screen.getByTestId("deploy-timer");
    const seen = () => [screen.getByLabelText("Elapsed time").textContent, timer.dataset.tone, screen.getByRole("status").textContent];
    expect(seen()).toEqual(["00:00", "blue", "Deployment starting..."]);
    const checkpoints: [number, string, string, string][] = [
      [14, "00:14", "blue", "Deployment starting..."],
      [15, "00:15", "blue", "Building your MCP server..."],
      [30, "00:30", "blue", "Almost ready..."],
      [60, "01:00", "blue", "This is taking longer than usual..."],
      [90, "01:30", "blue", "Please be patient, complex deployments can take time..."],
      [179, "02:59", "blue", "Please be patient, complex deployments can take time..."],
      [180, "03:00", "yellow", "Please be patient, complex deployments can take time..."],
      [599, "09:59", "yellow", "Please be patient, complex deployments can take time..."],
      [600, "10:00", "orange", "Please be patient, complex deployments can take time..."],
    ];
    let at = 0;
    for (const [second, clock, tone, message] of checkpoints) {
      await advance((second - at) * 1000);
      at = second;
      expect(seen()).toEqual([clock, tone, message]);
    }
  });

  it("shows the current status, deployment id and progress log, then moves to deployed when a poll says so", async () => {
    useFakeTime();
    let polls = 0;
    stubApi({
      [STATUS]: () =>
        ++polls < 3
          ? ok(view("deploying", { log: [{ at: new Date().toISOString(), message: `Uploading modules (${polls})` }] }))
          : ok(view("deployed")),
      [API_CONFIG]: ok(apiConfig),
    });
    renderModal();
    await advance(0);
    expect(screen.getByText("deploying")).toBeInTheDocument();
    expect(screen.getByText("dep_2")).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Progress log" })).getByText(/Uploading modules \(1\)/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancel Deployment" })).toBeInTheDocument();
    await advance(5000);
    expect(within(screen.getByRole("list", { name: "Progress log" })).getByText(/Uploading modules \(2\)/)).toBeInTheDocument();
    await advance(5000);
    expect(screen.getByText("Successfully Deployed!")).toBeInTheDocument();
  });
});

describe("deploy modal: deploying step's polls and cancelling", () => {
  it("polls when the deploy call answers deploying, ignoring the previous deployment's state until it answers", async () => {
    useFakeTime();
    let deployAnswered = false;
    let release: (r: Response) => void = () => {};
    const calls = stubApi({
      // Before the deploy call answers, the status still shows the previous, deployed one.
      [STATUS]: () => (deployAnswered ? ok(view("deployed")) : ok(view("deployed", { deploymentId: "dep_1" }))),
      [API_CONFIG]: ok(apiConfig),
    });
    const fetchStub = vi.mocked(fetch);
    const real = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementation(async (input, init) => {
      if (init?.method === "POST") {
        calls.push({ key: DEPLOY, at: Date.now(), body: undefined });
        return new Promise<Response>((resolve) => (release = resolve));
      }
      return real(input, init);
    });
    renderModal();
    await advance(0);
    fireEvent.click(screen.getByRole("button", { name: "Redeploy" }));
    await advance(10_000);
    expect(screen.getByRole("button", { name: "Cancel Deployment" })).toBeInTheDocument();
    expect(calls.filter((c) => c.key === STATUS)).toHaveLength(3);
    deployAnswered = true;
    release(Response.json({ success: true, data: view("deploying") }));
    await advance(0);
    expect(screen.getByText("dep_2")).toBeInTheDocument();
    await advance(5000);
    expect(screen.getByText("Successfully Deployed!")).toBeInTheDocument();
  });

  it("treats a generated deployment as under way", async () => {
    useFakeTime();
    let polls = 0;
    stubApi({ [STATUS]: () => (++polls < 2 ? ok(view("generated")) : ok(view("deployed"))), [API_CONFIG]: ok(apiConfig) });
    renderModal();
    await advance(0);
    expect(screen.getByText("generated")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancel Deployment" })).toBeInTheDocument();
    await advance(5000);
    expect(screen.getByText("Successfully Deployed!")).toBeInTheDocument();
  });

  it("goes back to config with the error when a poll says failed", async () => {
    useFakeTime();
    let polls = 0;
    stubApi({ [STATUS]: () => (++polls < 2 ? ok(view("deploying")) : ok(view("failed", { error: "" }))), [API_CONFIG]: ok(apiConfig) });
    renderModal();
    await advance(5000);
    expect(screen.getByRole("alert")).toHaveTextContent("Deployment failed");
    expect(screen.getByRole("button", { name: "Deploy MCP Server" })).toBeInTheDocument();
  });

  it("cancels: calls DELETE /servers/{id}/deployment, returns to config and reloads the status", async () => {
    let cancelled = false;
    const calls = stubApi({
      [STATUS]: () => (cancelled ? ok(view("failed", { error: "Deployment cancelled" })) : ok(view("deploying"))),
      [API_CONFIG]: ok(apiConfig),
      [CANCEL]: () => {
        cancelled = true;
        return ok(view("failed", { error: "Deployment cancelled" }));
      },
    });
    renderModal();
    await userEvent.click(await screen.findByRole("button", { name: "Cancel Deployment" }));
    expect(await screen.findByText("Last deployment failed")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Deployment cancelled");
    expect(calls.filter((c) => c.key === STATUS)).toHaveLength(2);
    expect(calls.filter((c) => c.key === CANCEL)).toHaveLength(1);
  });
});

describe("deploy modal: deploying step's failed cancel, polling cadence and time-out", () => {
  it("shows 'Failed to cancel deployment' and keeps deploying when the cancel call fails", async () => {
    stubApi({ [STATUS]: ok(view("deploying")), [API_CONFIG]: ok(apiConfig), [CANCEL]: { status: 500, body: {} } });
    renderModal();
    await userEvent.click(await screen.findByRole("button", { name: "Cancel Deployment" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to cancel deployment");
    expect(screen.getByRole("button", { name: "Cancel Deployment" })).toBeInTheDocument();
  });

  it("polls every 5 s for the first 24 polls, then every 10 s, tolerating failed polls", async () => {
    useFakeTime();
    let polls = 0;
    const calls = stubApi({
      // The first answer opens the deploying step; poll 3 fails and is retried at the normal pace.
      [STATUS]: () => (++polls === 4 ? { status: 500, body: {} } : ok(view("deploying"))),
      [API_CONFIG]: ok(apiConfig),
    });
    renderModal();
    await advance(0);
    const start = Date.now();
    await advance(15_000);
    expect(screen.getByText("Failed to get deployment status. Retrying...")).toBeInTheDocument();
    await advance(5000);
    expect(screen.queryByText("Failed to get deployment status. Retrying...")).not.toBeInTheDocument();
    await advance(25 * 60_000);
    const times = calls
      .filter((c) => c.key === STATUS)
      .slice(1)
      .map((c) => (c.at - start) / 1000);
    expect(times.slice(0, 24)).toEqual(Array.from({ length: 24 }, (_, i) => 5 * (i + 1)));
    expect(times.slice(24, 27)).toEqual([130, 140, 150]);
  });

  it("stops after 180 polls with 'Deployment timeout - please check status manually'", async () => {
    useFakeTime();
    const calls = stubApi({ [STATUS]: ok(view("deploying")), [API_CONFIG]: ok(apiConfig) });
    renderModal();
    await advance(0);
    await advance((24 * 5 + 156 * 10) * 1000);
    expect(calls.filter((c) => c.key === STATUS)).toHaveLength(1 + 180);
    expect(screen.getByRole("alert")).toHaveTextContent("Deployment timeout - please check status manually");
    await advance(60_000);
    expect(calls.filter((c) => c.key === STATUS)).toHaveLength(1 + 180);
  });
});

describe("deploy modal: deployed step", () => {
  it("shows both URLs with copy and open buttons, the desktop-client JSON, ids and Redeploy/Close", async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const calls = stubApi({ [STATUS]: ok(view("deployed")), [API_CONFIG]: ok(apiConfig), [DEPLOY]: ok(view("deployed")) });
    const { onOpenChange } = renderModal();
    expect(await screen.findByText("Successfully Deployed!")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open Root URL" })).toHaveAttribute("href", "http://localhost:8787/s/petstore-ab12");
    expect(screen.getByRole("link", { name: "Open MCP URL" })).toHaveAttribute("href", "http://localhost:8787/s/petstore-ab12/mcp");
    await userEvent.click(screen.getByRole("button", { name: "Copy MCP URL" }));
    expect(writeText).toHaveBeenLastCalledWith("http://localhost:8787/s/petstore-ab12/mcp");
    const json = JSON.parse(screen.getByLabelText("Desktop client configuration").textContent!);
    expect(json).toEqual(desktopClientConfig({ serverName: "Petstore", mcpUrl: "http://localhost:8787/s/petstore-ab12/mcp" }));
    await userEvent.click(screen.getByRole("button", { name: "Copy Configuration" }));
    expect(JSON.parse(writeText.mock.lastCall![0])).toEqual(json);
    expect(screen.getByText("toolport-petstore-ab12")).toBeInTheDocument();
    expect(screen.getByText("Last updated")).toBeInTheDocument();
    const actions = screen.getByRole("button", { name: "Redeploy" }).parentElement!;
    await userEvent.click(within(actions).getByRole("button", { name: "Redeploy" }));
    expect(await screen.findByText("Successfully Deployed!")).toBeInTheDocument();
    expect(calls.filter((c) => c.key === DEPLOY)).toHaveLength(1);
    await userEvent.click(within(screen.getByRole("button", { name: "Redeploy" }).parentElement!).getByRole("button", { name: "Close" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe("desktop-client configuration", () => {
  it("runs mcp-remote through npx with the MCP URL and the access token as an env placeholder", () => {
    expect(desktopClientConfig({ serverName: "Petstore API", mcpUrl: "https://toolport.dev/s/petstore/mcp" })).toMatchInlineSnapshot(`
      {
        "mcpServers": {
          "petstore-api": {
            "args": [
              "-y",
              "mcp-remote",
              "https://toolport.dev/s/petstore/mcp",
              "--header",
              "Authorization:\${AUTH_HEADER}",
            ],
            "command": "npx",
            "env": {
              "AUTH_HEADER": "Bearer <your Toolport access token>",
            },
          },
        },
      }
    `);
  });

  it("adds the upstream credential header for passthrough servers", () => {
    expect(desktopClientConfig({ serverName: "Weather", mcpUrl: "https://toolport.dev/s/weather/mcp", passthroughAuthType: "apiKey" }))
      .toMatchInlineSnapshot(`
      {
        "mcpServers": {
          "weather": {
            "args": [
              "-y",
              "mcp-remote",
              "https://toolport.dev/s/weather/mcp",
              "--header",
              "Authorization:\${AUTH_HEADER}",
              "--header",
              "X-Upstream-Authorization:\${UPSTREAM_AUTH_HEADER}",
            ],
            "command": "npx",
            "env": {
              "AUTH_HEADER": "Bearer <your Toolport access token>",
              "UPSTREAM_AUTH_HEADER": "<your API key>",
            },
          },
        },
      }
    `);
    // A token created during this setup is put in as it is, in place of the placeholder.
    expect(desktopClientConfig({ serverName: "W", mcpUrl: "https://x/mcp", accessToken: "tp_fresh" }).mcpServers.w!.env!.AUTH_HEADER).toBe(
      "Bearer tp_fresh",
    );
    expect(
      desktopClientConfig({ serverName: "W", mcpUrl: "https://x/mcp", passthroughAuthType: "bearer" }).mcpServers.w!.env!
        .UPSTREAM_AUTH_HEADER,
    ).toBe("Bearer <your API token>");
  });

  it("needs no token for a public server, and allows plain http only off localhost with --allow-http", () => {
    expect(desktopClientConfig({ serverName: "Open", mcpUrl: "http://localhost:8787/s/open/mcp", isPublic: true })).toEqual({
      mcpServers: { open: { command: "npx", args: ["-y", "mcp-remote", "http://localhost:8787/s/open/mcp"] } },
    });
    expect(desktopClientConfig({ serverName: "Open", mcpUrl: "http://10.0.0.5/s/open/mcp", isPublic: true }).mcpServers.open!.args).toEqual(
      ["-y", "mcp-remote", "http://10.0.0.5/s/open/mcp", "--allow-http"],
    );
  });

  it("keys the entry by the server name as a slug", () => {
    expect(serverKey("Café Orders API (v2)")).toBe("cafe-orders-api-v2");
    expect(serverKey("***")).toBe("mcp-server");
  });
});
