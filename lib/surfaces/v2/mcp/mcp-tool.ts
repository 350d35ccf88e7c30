// What an MCP tool is here, and how it is listed and answered: a strict zod input schema (the
// same error, VALIDATION_FAILED with fields, as the API's bodies), a zod output schema listed
// as the tool's `outputSchema`, annotations, the scopes it needs and a function that returns
// a short sentence and the structured result. Refusals are tool results with `isError` and
// `structuredContent.error`, as the MCP specification asks for input errors (so the model can
// correct its call): https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling
import { z } from "zod";
import type { CallToolResult, Tool, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { ApiScope } from "@/lib/core/auth/scopes";
import { scopesOf, type V2OperationId } from "@/lib/surfaces/v2/operation-scopes";
import type { ApiKeyContext } from "@/lib/core/api-keys/authenticate-api-key";
import { ApiError } from "@/lib/core/common/api-error";
import { toApiError } from "@/lib/core/common/to-api-error";

export interface McpToolContext {
  auth: ApiKeyContext;
  requestId: string;
  /** the arguments as sent */
  args: Record<string, unknown>;
}

export interface McpTool<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  /** a strict object: unknown argument fields are refused */
  input: I;
  output: O;
  annotations: ToolAnnotations;
  /** the V2 operation the tool mirrors: the key needs that operation's scope (lib/surfaces/v2/operation-scopes.ts) */
  mirrors: V2OperationId;
  run(input: z.output<I>, ctx: McpToolContext): Promise<{ text: string; structured: z.output<O> }>;
}

/** Types a tool's `run` from its schemas (a method, so the table of tools takes it as it is). */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(tool: McpTool<I, O>): McpTool {
  return tool;
}

/** The `error` of a refusal's structured content: the API's error object. */
export const ZToolError = z.object({
  code: z.string().meta({ description: "The API's error code, e.g. VALIDATION_FAILED, NOT_FOUND." }),
  message: z.string(),
  details: z.array(z.object({ field: z.string().optional(), message: z.string() })),
});

type JsonSchema = Record<string, unknown> & {
  type: "object";
  properties?: Record<string, object>;
  required?: string[];
};

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  // draft-07: the dialect the official SDKs list tools in and validate results with
  return z.toJSONSchema(schema, { target: "draft-7", io, unrepresentable: "any" }) as JsonSchema;
}

const { $schema: _dialect, ...errorJsonSchema } = jsonSchema(ZToolError, "output");

/**
 * The output schema as listed: the tool's result, or (when `isError`) `{ error }`. Clients
 * that validate structured content validate a refusal too (the official TypeScript client
 * does, modelcontextprotocol/typescript-sdk#1943), so the schema names both shapes.
 */
function outputJsonSchema(output: z.ZodObject): JsonSchema {
  const schema = jsonSchema(output, "output");
  const { required = [], ...rest } = schema;
  return {
    ...rest,
    type: "object",
    properties: { ...schema.properties, error: errorJsonSchema },
    anyOf: [{ required }, { required: ["error"] }],
  };
}

/** The tool as `tools/list` shows it. */
export function listedTool(tool: McpTool): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchema(tool.input, "input"),
    outputSchema: outputJsonSchema(tool.output),
    annotations: tool.annotations,
  };
}

/** Refuses a key without the scope of the V2 operation named, as the operation's route does. */
export function requireOperationScope(auth: ApiKeyContext, operation: V2OperationId) {
  const anyOf = scopesOf(operation);
  if (anyOf) requireScope(auth, anyOf);
}

export function requireScope(auth: ApiKeyContext, anyOf: readonly ApiScope[]) {
  if (anyOf.some((s) => auth.scopes.includes(s))) return;
  const named = anyOf.join(" or ");
  throw new ApiError("CAPABILITY_REQUIRED", `This API key lacks the ${named} scope.`, [
    { message: `Required scope: ${named}` },
  ]);
}

export function toolResult(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text }], structuredContent: structured };
}

/** A refusal: the API's error code, message and fields, in words and structured. */
export function toolRefusal(err: unknown, requestId: string): CallToolResult {
  const e = toApiError(err, requestId);
  const fields = e.details.flatMap((d) => (d.field ? [`${d.field}: ${d.message}`] : []));
  const text = [`${e.code}: ${e.message}`, ...fields].join("\n");
  return {
    isError: true,
    content: [{ type: "text", text }],
    structuredContent: { error: { code: e.code, message: e.message, details: e.details } },
  };
}
