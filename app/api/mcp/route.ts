// The MCP endpoint for AI assistants (Streamable HTTP); see docs/api.md, "MCP". Only POST is
// served; the other methods answer 405 with Allow from the same handler, OPTIONS the Allow.
import { handleMcp } from "@/lib/surfaces/v2/mcp/handle-mcp";

export const dynamic = "force-dynamic";
export const POST = handleMcp;
export const GET = handleMcp;
export const DELETE = handleMcp;
export const PUT = handleMcp;
export const PATCH = handleMcp;
export const OPTIONS = handleMcp;
