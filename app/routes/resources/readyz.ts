import { readiness } from "~/lib/services.server";

/**
 * GET /readyz: 200 when this server should get traffic (database answering, migrations applied,
 * storage reachable), 503 otherwise and at once after SIGTERM. /healthz stays the liveness check.
 */
export async function loader() {
  const { ready, reasons } = await readiness();
  return Response.json(
    { status: ready ? "ready" : "not ready", ...(ready ? {} : { reasons }) },
    { status: ready ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
