import { databaseHealth } from "~/lib/services.server";

/** GET /healthz: 200 when the database answers, 503 otherwise (for load balancers and operators). */
export async function loader() {
  const database = await databaseHealth();
  return Response.json(
    { status: database.ok ? "ok" : "unavailable", database },
    { status: database.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
