// at: lib/infra/uses-undeclared.ts
// breaks: no-undeclared-package
import debounce from "undeclared-pkg/debounce";
export const x = debounce;
