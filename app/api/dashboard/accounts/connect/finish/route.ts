// The identity picker's form post: saves the connected account with the picked identity.
import { saveAgencyConnectResponse } from "@/lib/surfaces/dashboard/accounts/agency-connect-http";

export const POST = (req: Request) => saveAgencyConnectResponse(req);
