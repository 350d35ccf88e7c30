// at: lib/core/requests/relative.ts
// breaks: no-restricted-imports
import { env } from "../../infra/env";
export const url = env().appUrl;
