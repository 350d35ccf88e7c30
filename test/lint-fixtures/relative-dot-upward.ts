// at: lib/core/requests/dot-upward.ts
// breaks: no-restricted-imports
import { clientSchema } from "./../clients/schemas";
export const schema = clientSchema;
