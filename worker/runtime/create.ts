// The Worker of a server from its config, packed here first (pack.ts): what tests run
// (`fastPath: false` only to compare the two legs of a request).
import { servePacked, type RuntimeOptions } from "./index";
import { packConfig } from "./pack";
import type { RuntimeConfig } from "./types";

export function createRuntime(config: RuntimeConfig, options: RuntimeOptions = {}) {
  const packed = packConfig(config);
  return servePacked(packed.config, packed.text, options);
}
