// /api/v2 itself is not an endpoint: it answers like every unknown path under it, with the
// envelope 404, not the app's HTML page.
export { GET, POST, PUT, PATCH, DELETE } from "@/app/api/v2/[...path]/route";
