/**
 * Quote POST throughput and latency through nginx (the shipped deploy/nginx.conf) to two servers,
 * against one server answered directly, on the same machine, PostgreSQL and s3rver
 * (tests/setup/cluster.ts; `npm run build` first). One cluster: server 1 alone (server 2 idle),
 * then nginx spreading the same load over both, twice in turn, each run once the outbox has sent
 * the mail of the one before. On 2 cores no speed-up is expected, only no loss. BENCH_SECONDS, BENCH_CONNECTIONS as in harness.ts; BENCH_PORT (default 3300) is nginx's
 * port, the servers take the next two. Prints; asserts nothing.
 *
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:proxy
 */
import postgres from "postgres";
import { startCluster } from "../tests/setup/cluster";
import { loadAndReport, port, waterQuoteBody } from "./harness.ts";

const cluster = await startCluster({
  proxyPort: port,
  serverPorts: [port + 1, port + 2],
  postgresUrl: process.env.DATABASE_URL || undefined,
  env: { QUOTE_RATE_LIMIT: "100000000" },
});
try {
  const load = () => ({
    path: "/quotes/water-filtration-remediation",
    method: "POST" as const,
    // the Origin the site expects: its PUBLIC_URL, nginx's address; the same Host on the server
    // directly too, as nginx passes it on (Host with its port): React Router compares the two
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: cluster.origin,
      host: new URL(cluster.origin).host,
    },
    body: waterQuoteBody,
    expectStatus: 302,
  });
  const direct = `http://127.0.0.1:${port + 1}`;
  // each run's mail (two per quote) is delivered before the next starts, so no run pays for the
  // outbox work of the one before
  const sql = postgres(cluster.databaseUrl, { max: 1, onnotice: () => {} });
  const drained = async () => {
    for (;;) {
      const [row] = await sql`select count(*)::int as n from mail_outbox where status = 'pending'`;
      if (row?.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  // the first seconds of a fresh process (JIT, pool) would count against whichever goes first
  await loadAndReport("warm-up", direct, load());
  for (const round of [1, 2]) {
    await drained();
    await loadAndReport(`direct ${round}`, direct, load());
    await drained();
    await loadAndReport(`nginx x2 ${round}`, cluster.origin, load());
  }
  await sql.end();
  const byServer = new Map<string, number>();
  for (const line of cluster.accessLog()) {
    const server = line.upstreams.at(-1) ?? "-";
    byServer.set(server, (byServer.get(server) ?? 0) + 1);
  }
  console.log(`nginx sent: ${[...byServer].map(([s, n]) => `${s} ${n}`).join(", ")}`);
} finally {
  await cluster.stop();
}
