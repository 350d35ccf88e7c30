// at: lib/surfaces/dashboard/panel.tsx
// breaks: not-in-allowed
import { Stub } from "@/components/stub";
export const Panel = () => <Stub />;
