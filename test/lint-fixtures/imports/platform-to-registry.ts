// at: lib/infra/connectors/meta/reads-answers.ts
// breaks: platform-below-registries
// oauth-answers.ts reads the registry of platforms, which lists this platform's folder
import { stub } from "@/lib/infra/connectors/oauth-answers";
export const x = stub;
