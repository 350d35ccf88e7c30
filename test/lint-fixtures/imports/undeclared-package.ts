// at: lib/infra/uses-undeclared.ts
// breaks: no-undeclared-package
import { parse } from "yaml";
export const x = parse;
