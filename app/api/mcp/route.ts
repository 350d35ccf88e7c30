// The MCP endpoint for AI assistants (Streamable HTTP); see docs/api.md, "MCP".
import { handleMcp } from "@/lib/surfaces/v2/mcp/handle-mcp";

export const dynamic = "force-dynamic";
export const POST = handleMcp;
export const GET = handleMcp;
export const DELETE = handleMcp;
