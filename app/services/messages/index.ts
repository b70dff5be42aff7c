/** The messages area's modules that other areas use; they import nothing else of it. */
export { adminRecipients, queueAdminNotice } from "./admin-notices.server.ts";
