/**
 * The back office's availability page, /admin/schedule (the route guards with requireAdmin):
 * which admins do visits, each one's weekly hours (America/Denver wall time) and
 * days off, the visit length of each kind and the lead time. Each form's post is validated whole:
 * a refused post writes nothing and says why per field.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import {
  profiles,
  user,
  visit_days_off,
  visit_lengths,
  visit_settings,
  visit_staff,
  visit_working_hours,
} from "~/db/schema";
import { ASSESSMENT_VISIT_KINDS, visitKind, weekdayNames } from "~/features/catalog/visits";
import { db } from "~/lib/db.server";
import { parseAccountId } from "~/lib/ids";
import { formatDay } from "./format";
import { staffAvailability, visitSettings } from "./settings.server";

/** A new staff member's week until edited: Monday to Friday, 08:00 to 17:00. */
const DEFAULT_HOURS = { start: 8 * 60, end: 17 * 60, weekdays: [1, 2, 3, 4, 5] };

/** "08:30" for 510 minutes after midnight. */
export function minutesToTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

function timeToMinutes(value: string): number | null {
  const match =
    /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value) ?? (value === "24:00" ? [value, "24", "00"] : null);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** The schedule page's data: staff members with their weeks and days off, admins to add, settings. */
export async function loadSchedulePage() {
  const [availability, settings, people] = await Promise.all([
    staffAvailability(),
    visitSettings(),
    db
      .select({
        id: user.id,
        email: user.email,
        name: profiles.full_name,
        staff: visit_staff.user_id,
      })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .leftJoin(visit_staff, eq(visit_staff.user_id, profiles.id))
      .where(eq(profiles.is_admin, true))
      .orderBy(user.email),
  ]);
  const nameOf = (id: string) => {
    const person = people.find((p) => p.id === id);
    return person?.name || person?.email || id;
  };
  return {
    staff: availability.map((member) => ({
      id: member.id,
      name: nameOf(member.id),
      week: weekdayNames.map((name, weekday) => {
        const hours = member.hours[weekday];
        return {
          weekday,
          name,
          start: hours ? minutesToTime(hours.start) : "",
          end: hours ? minutesToTime(hours.end) : "",
        };
      }),
      daysOff: [...member.daysOff].sort().map((day) => ({ day, label: formatDay(day) })),
    })),
    candidates: people
      .filter((p) => !p.staff)
      .map((p) => ({ value: p.id, label: p.name ? `${p.name} (${p.email})` : p.email })),
    leadTimeHours: settings.leadTimeHours,
    lengths: ASSESSMENT_VISIT_KINDS.map((kind) => ({
      kind,
      label: visitKind.label(kind),
      minutes: settings.lengths[kind],
    })),
  };
}

export type SchedulePost =
  | { ok: true; message: string }
  | { ok: false; status: 400 | 404; form: string; errors: Record<string, string[]> };

const settingsSchema = z.object({
  leadTimeHours: z.coerce
    .number({ error: "Enter the lead time in whole hours" })
    .int("Enter the lead time in whole hours")
    .min(0, "The lead time cannot be negative")
    .max(336, "The lead time can be at most 336 hours (14 days)"),
  ...Object.fromEntries(
    ASSESSMENT_VISIT_KINDS.map((kind) => [
      `length_${kind}`,
      z.coerce
        .number({ error: "Enter the length in whole minutes" })
        .int("Enter the length in whole minutes")
        .min(5, "A visit lasts at least 5 minutes")
        .max(600, "A visit lasts at most 600 minutes"),
    ]),
  ),
});

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

function fail(
  form: string,
  errors: Record<string, string[]>,
  status: 400 | 404 = 400,
): SchedulePost {
  return { ok: false, status, form, errors };
}

async function isStaff(id: string): Promise<boolean> {
  if (parseAccountId(id) === null) return false;
  const [row] = await db.select().from(visit_staff).where(eq(visit_staff.user_id, id)).limit(1);
  return Boolean(row);
}

/**
 * One post of the schedule page, by `intent`: add-staff (`staffId`, an admin), remove-staff,
 * save-hours (`start_<weekday>`/`end_<weekday>` as HH:MM, both empty for a day not worked),
 * add-day-off / remove-day-off (`day`, YYYY-MM-DD), save-settings (`leadTimeHours`,
 * `length_<kind>` in minutes).
 * @returns the toast's message, or 400 with messages per field (nothing written), 404 for an
 *   unknown staff member or intent.
 */
export async function schedulePost(form: FormData): Promise<SchedulePost> {
  const intent = String(form.get("intent") ?? "");
  const staffId = String(form.get("staffId") ?? "");
  switch (intent) {
    case "add-staff": {
      if (parseAccountId(staffId) === null)
        return fail(intent, { staffId: ["Choose an admin to add"] });
      const [admin] = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.id, staffId), eq(profiles.is_admin, true)))
        .limit(1);
      if (!admin) return fail(intent, { staffId: ["Choose an admin to add"] });
      await db.insert(visit_staff).values({ user_id: admin.id }).onConflictDoNothing();
      await db
        .insert(visit_working_hours)
        .values(
          DEFAULT_HOURS.weekdays.map((weekday) => ({
            staff_id: admin.id,
            weekday,
            start_minute: DEFAULT_HOURS.start,
            end_minute: DEFAULT_HOURS.end,
          })),
        )
        .onConflictDoNothing();
      return {
        ok: true,
        message: "Added to the visit staff, Monday to Friday 8:00 AM to 5:00 PM.",
      };
    }
    case "remove-staff": {
      const removed = await db
        .delete(visit_staff)
        .where(eq(visit_staff.user_id, staffId))
        .returning();
      if (removed.length === 0) return fail(intent, {}, 404);
      return { ok: true, message: "Removed from the visit staff; their booked visits stay." };
    }
    case "save-hours": {
      if (!(await isStaff(staffId))) return fail(intent, {}, 404);
      const errors: Record<string, string[]> = {};
      const rows: (typeof visit_working_hours.$inferInsert)[] = [];
      weekdayNames.forEach((name, weekday) => {
        const startText = String(form.get(`start_${weekday}`) ?? "").trim();
        const endText = String(form.get(`end_${weekday}`) ?? "").trim();
        if (!startText && !endText) return;
        const start = timeToMinutes(startText);
        const end = timeToMinutes(endText);
        if (start === null)
          errors[`start_${weekday}`] = [`Enter ${name}'s start as HH:MM, or leave both empty`];
        if (end === null)
          errors[`end_${weekday}`] = [`Enter ${name}'s end as HH:MM, or leave both empty`];
        else if (start !== null && end <= start)
          errors[`end_${weekday}`] = [`${name} must end after it starts`];
        if (start !== null && end !== null && end > start) {
          rows.push({ staff_id: staffId, weekday, start_minute: start, end_minute: end });
        }
      });
      if (Object.keys(errors).length > 0) return fail(`${intent}-${staffId}`, errors);
      await db.transaction(async (tx) => {
        await tx.delete(visit_working_hours).where(eq(visit_working_hours.staff_id, staffId));
        if (rows.length) await tx.insert(visit_working_hours).values(rows);
      });
      return { ok: true, message: "Working hours saved." };
    }
    case "add-day-off": {
      if (!(await isStaff(staffId))) return fail(intent, {}, 404);
      const day = String(form.get("day") ?? "");
      if (!dayPattern.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) {
        return fail(`${intent}-${staffId}`, { day: ["Enter the day off as a date"] });
      }
      await db.insert(visit_days_off).values({ staff_id: staffId, day }).onConflictDoNothing();
      return { ok: true, message: `${formatDay(day)} is a day off.` };
    }
    case "remove-day-off": {
      const day = String(form.get("day") ?? "");
      if (!dayPattern.test(day)) return fail(intent, {}, 404);
      const removed = await db
        .delete(visit_days_off)
        .where(and(eq(visit_days_off.staff_id, staffId), eq(visit_days_off.day, day)))
        .returning();
      if (removed.length === 0) return fail(intent, {}, 404);
      return { ok: true, message: `${formatDay(day)} is a working day again.` };
    }
    case "save-settings": {
      const parsed = settingsSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) {
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) {
          const key = String(issue.path[0]);
          errors[key] = [...(errors[key] ?? []), issue.message];
        }
        return fail(intent, errors);
      }
      const values = parsed.data as Record<string, number>;
      await db.transaction(async (tx) => {
        await tx
          .insert(visit_settings)
          .values({ id: true, lead_time_hours: values.leadTimeHours as number })
          .onConflictDoUpdate({
            target: visit_settings.id,
            set: { lead_time_hours: values.leadTimeHours as number },
          });
        for (const kind of ASSESSMENT_VISIT_KINDS) {
          const minutes = values[`length_${kind}`] as number;
          await tx
            .insert(visit_lengths)
            .values({ kind, minutes })
            .onConflictDoUpdate({ target: visit_lengths.kind, set: { minutes } });
        }
      });
      return { ok: true, message: "Visit lengths and lead time saved." };
    }
    default:
      return fail(intent, {}, 404);
  }
}
