// Types of the generated runtime bundle (scripts/build-mcp-runtime.mjs writes runtime-bundle.js).
/**
 * The MCP runtime of generated servers as ES modules by file name: runtime.js exports
 * `servePacked(config, tools?)` (see runtime/packed.ts) and imports the others when first needed.
 */
export declare const RUNTIME_MODULES: Record<string, string>;
/** SHA-256 (hex) of RUNTIME_MODULES: part of every deployment's content hash. */
export declare const RUNTIME_HASH: string;
/** The modules of RUNTIME_MODULES only the SDK's leg imports: an isolate that answers only plain requests runs without them. */
export declare const RUNTIME_SDK_MODULES: string[];
