// Words the worker answers and the SPA also shows before asking (its own checks of the same rules):
// one module both import, so a message cannot read one way in an error and another in a form.

/** Tool names MCP clients accept, and the most characters of a rewritten tool description. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
export const MAX_TOOL_DESCRIPTION_CHARS = 2000;
export const TOOL_NAME_MESSAGE = "A tool name may only contain letters, digits, '_' and '-', and be 1 to 64 characters long.";
export const TOOL_DESCRIPTION_MESSAGE = `A tool description can be at most ${MAX_TOOL_DESCRIPTION_CHARS} characters long.`;
export const toolLimitMessage = (max: number) =>
  `Tool limit reached: your current plan allows ${max.toLocaleString("en-US")} active tools per server. Please disable other tools first or upgrade your plan.`;
export const bulkLimitMessage = (max: number, available: number) =>
  `Cannot enable all tools: your current plan allows ${max.toLocaleString("en-US")} active tools per server. You have ${available.toLocaleString("en-US")} slots available. Please upgrade your plan or enable tools individually.`;

/** The most a large description may weigh (POST /api/imports), and the refusal past it. */
export const MAX_LARGE_DESCRIPTION_BYTES = 100 * 1024 * 1024;
export const LARGE_TOO_LARGE_MESSAGE = `The description is larger than the ${MAX_LARGE_DESCRIPTION_BYTES / 1024 / 1024} MB limit`;

export const NO_URL_MESSAGE = "Please provide documentation URL to crawl";
export const NO_PAGES_MESSAGE = "No pages found at the provided URL";
export const NOT_CONVERTIBLE_MESSAGE =
  "The crawled content could not be converted to an OpenAPI specification. Please ensure the documentation contains API endpoint information.";
export const duplicateNameMessage = (name: string) => `A server named "${name}" already exists in your organization. Choose another name.`;
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/;
export const SLUG_MESSAGE =
  "A slug may only contain lower-case letters, digits and '-', start and end with a letter or digit, and be 1 to 48 characters long.";
export const DEPLOYED_SLUG_MESSAGE =
  "The endpoint of a server that has been deployed cannot change: MCP clients and their sign-ins use it. Add a new server for a new endpoint.";
export const NOT_FROM_CRAWL_MESSAGE = "This server was not created from a crawl and cannot be recrawled";

export const TOKEN_REQUIRED_MESSAGE =
  "For managed authentication, you must assign at least one access token to this server. Please select existing tokens or create a new one.";
export const credentialsRequiredMessage = (label: string) =>
  `Managed authentication requires API credentials. Please provide the ${label} for the target API.`;

export const PASSWORD_BLANK_MESSAGE = "Password cannot be only spaces.";
