// at: lib/core/requests/uses-undeclared-default.ts
// breaks: no-undeclared-package
import ms from "undeclared-pkg";
export const x = ms;
