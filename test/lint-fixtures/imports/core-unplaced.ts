// at: lib/core/newcomer/new-thing.ts
// breaks: layer-placed
// a lib/core folder with no line in the layers of .dependency-cruiser.cjs
import { stub } from "@/lib/core/common/stub";
export const x = stub;
