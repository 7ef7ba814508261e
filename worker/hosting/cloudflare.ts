// Hosting provider "cloudflare": placeholder until the Workers for Platforms upload lands.
import type { HostingProvider } from "./types";
import { loaderProvider } from "./loader";

export const cloudflareProvider: HostingProvider = {
  name: "cloudflare",
  async activate() {
    throw new Error("The cloudflare hosting provider is not available yet");
  },
  fetch: loaderProvider.fetch,
};
