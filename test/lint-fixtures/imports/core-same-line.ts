// at: lib/core/sso/reads-clients.ts
// breaks: core-layers
// sso and clients share a line of the layers: neither imports the other, so two folders of a
// line can never import each other.
import { stub } from "@/lib/core/clients/stub";
export const x = stub;
