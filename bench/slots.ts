/**
 * Free visit slots for the next 14 days with 10 staff members and 2,000 booked visits (issue 20;
 * budget < 30 ms). Two measurements, in process:
 *  - `freeSlots` alone (features/visits/slots.ts), on the data in memory;
 *  - the booking page's data, `bookingView` (features/visits/booking.server.ts): the quote, the
 *    settings, staff weeks and days off and the booked visits read from a fresh PGlite database
 *    (PostgreSQL when BENCH_DATABASE_URL names an empty database), then the slots and their labels.
 * Prints median and p99 wall-clock milliseconds of N runs (default 300) after 20 warm-up runs.
 * Asserts nothing.
 *
 *   npx tsx bench/slots.ts        # N=300
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import * as schema from "~/db/schema";
import { BOOKING_DAYS } from "~/features/catalog/visits";
import { bookingView } from "~/features/visits/booking.server";
import { availabilityInputs } from "~/features/visits/settings.server";
import {
  type BusyInterval,
  bookingWindow,
  freeSlots,
  type StaffAvailability,
} from "~/features/visits/slots";
import { addDays, denverDate } from "~/lib/dates";
import { db, openDatabase, setDatabase } from "~/lib/db.server";
import { loadEnv, setEnv } from "~/lib/env.server";

const runs = Number(process.env.N ?? 300);
const STAFF = 10;
const VISITS = 2_000;
const now = new Date();

/** Deterministic pseudo-random numbers (mulberry32), so every run books the same visits. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const staff: StaffAvailability[] = Array.from({ length: STAFF }, (_, i) => ({
  id: `staff-${String(i).padStart(2, "0")}`,
  hours: Array.from({ length: 7 }, (_, day) =>
    day === 0 ? null : { start: 8 * 60, end: 17 * 60 },
  ),
  daysOff: new Set(i % 3 === 0 ? [addDays(denverDate(now), 3 + i)] : []),
}));

/** 2,000 visits of 30 minutes on the half hours of working time, none overlapping per staff member. */
function bookedVisits(): BusyInterval[] {
  const next = random(20);
  const taken = new Set<string>();
  const visits: BusyInterval[] = [];
  const today = denverDate(now);
  while (visits.length < VISITS) {
    const member = staff[Math.floor(next() * STAFF)] as StaffAvailability;
    const day = addDays(today, 1 + Math.floor(next() * BOOKING_DAYS));
    const half = Math.floor(next() * 18); // 08:00 .. 16:30
    const key = `${member.id} ${day} ${half}`;
    if (taken.has(key)) continue;
    taken.add(key);
    const [y, m, d] = day.split("-").map(Number) as [number, number, number];
    // 08:00 Denver is 15:00 or 14:00 UTC; the exact wall time does not matter to the cost
    const start = new Date(Date.UTC(y, m - 1, d, 15, half * 30));
    visits.push({
      staffId: member.id,
      startsAt: start,
      endsAt: new Date(start.getTime() + 30 * 60_000),
    });
  }
  return visits;
}

function report(label: string, times: number[], extra = "") {
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    times[Math.min(times.length - 1, Math.floor(q * times.length))] as number;
  console.log(
    `${label.padEnd(44)} median ${at(0.5).toFixed(2)} ms  p99 ${at(0.99).toFixed(2)} ms  (${times.length} runs)${extra}`,
  );
}

async function measure(label: string, run: () => unknown | Promise<unknown>, extra?: () => string) {
  for (let i = 0; i < 20; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  report(label, times, extra?.());
}

const busy = bookedVisits();
const window = bookingWindow(now, 24, BOOKING_DAYS);
let count = 0;
await measure(
  "freeSlots (in memory, 60-min visits)",
  () => {
    count = freeSlots({ ...window, lengthMinutes: 60, staff, busy }).length;
  },
  () => `, ${count} free slots`,
);

// the same data through the database and the booking page's loader function
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-slots-"));
setEnv(
  loadEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
    LOG_LEVEL: "silent",
    AUTH_SECRET: "bench-secret-".padEnd(40, "x"),
    MAIL_TRANSPORT: "file",
  }),
);
const handle = await openDatabase({
  url: process.env.BENCH_DATABASE_URL,
  pgliteDir: path.join(dataDir, "db"),
});
setDatabase(handle);
try {
  const ids = new Map<string, string>();
  for (const member of staff) {
    const id = crypto.randomUUID();
    ids.set(member.id, id);
    await db
      .insert(schema.user)
      .values({ id, name: member.id, email: `${member.id}@bench.test`, emailVerified: true });
    await db.insert(schema.profiles).values({ id, full_name: member.id, is_admin: true });
    await db.insert(schema.visit_staff).values({ user_id: id });
    await db.insert(schema.visit_working_hours).values(
      [1, 2, 3, 4, 5, 6].map((weekday) => ({
        staff_id: id,
        weekday,
        start_minute: 480,
        end_minute: 1020,
      })),
    );
    for (const day of member.daysOff)
      await db.insert(schema.visit_days_off).values({ staff_id: id, day });
  }
  const quote = (i: number) => ({
    id: crypto.randomUUID(),
    service: "water_filtration" as const,
    description: "Water filtration assessment request",
    contact_first_name: "Bench",
    contact_last_name: `Visitor ${i}`,
    contact_email: `visitor${i}@bench.test`,
    contact_phone: "801-555-0100",
    zip_code: "84101",
  });
  const quotes = Array.from({ length: VISITS + 1 }, (_, i) => quote(i));
  for (let i = 0; i < quotes.length; i += 500)
    await db.insert(schema.quotes).values(quotes.slice(i, i + 500));
  const rows = busy.map((visit, i) => ({
    quote_id: (quotes[i] as { id: string }).id,
    kind: "water_filtration" as const,
    staff_id: ids.get(visit.staffId) as string,
    starts_at: visit.startsAt,
    ends_at: visit.endsAt,
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db.insert(schema.visits).values(rows.slice(i, i + 500));
  const open = (quotes.at(-1) as { id: string }).id;
  const range = { from: new Date(now.getTime() - 86_400_000), until: window.until };
  await measure("availabilityInputs (the one read)", () => availabilityInputs(range));
  let slots = 0;
  await measure(
    `bookingView (${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite"}, reads + slots + labels)`,
    async () => {
      const view = await bookingView(open, now);
      slots = view?.state === "choose" ? view.days.reduce((n, d) => n + d.slots, 0) : -1;
    },
    () => `, ${slots} free slots`,
  );
} finally {
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
