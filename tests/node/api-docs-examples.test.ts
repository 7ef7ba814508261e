// The docs' desktop-client samples are exactly what the deploy modal's builder generates.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { desktopClientConfig } from "../../web/src/features/deploy/desktop-config";

const example = (name: string) => JSON.parse(readFileSync(new URL(`../../docs/examples/${name}`, import.meta.url), "utf8"));
const mcpUrl = "https://toolport.example.com/s/petstore/mcp";

it("claude-desktop.json is the builder's configuration for a token-protected server", () => {
  expect(example("claude-desktop.json")).toEqual(desktopClientConfig({ serverName: "Petstore", mcpUrl }));
});

it("claude-desktop-passthrough.json is the builder's configuration for a passthrough bearer server", () => {
  expect(example("claude-desktop-passthrough.json")).toEqual(
    desktopClientConfig({ serverName: "Petstore", mcpUrl, passthroughAuthType: "bearer" }),
  );
});
