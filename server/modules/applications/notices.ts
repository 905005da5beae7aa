import { staffAddresses } from "../../../shared/staff-addresses.ts";
import type { Notice } from "../../plugins/notifications.ts";

/** To every admin: an application came in from the career page (DESIGN §15). */
export const applicationNotice = (application: { id: number; name: string; position: string }): Notice => ({
  kind: "application",
  title: `New application from ${application.name}: ${application.position}`,
  url: staffAddresses.application(application.id),
});
