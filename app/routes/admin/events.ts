import { liveEventsResponse } from "~/lib/realtime.server";
import { adminSessionStillValid, requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/events";

/** Server-Sent Events of changes to quotes and profiles, for admins only (SPEC live updates). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return liveEventsResponse(request.signal, { stillAllowed: () => adminSessionStillValid(admin) });
}
