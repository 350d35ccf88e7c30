// The platform's redirect back after the agency user signed in: on to the identity picker.
import { agencyConnectCallbackResponse } from "@/lib/surfaces/dashboard/accounts/agency-connect-http";

export const GET = (req: Request) => agencyConnectCallbackResponse(req);
