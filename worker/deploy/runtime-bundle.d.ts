// Types of the generated runtime bundle (scripts/build-mcp-runtime.mjs writes runtime-bundle.js).
/** The MCP runtime of generated servers as one ES module exporting `servePacked(config, tools)` (see runtime/packed.ts). */
export declare const RUNTIME_SOURCE: string;
/** SHA-256 (hex) of RUNTIME_SOURCE: part of every deployment's content hash. */
export declare const RUNTIME_HASH: string;
