/**
 * The back office's availability page (/admin/schedule): the visit staff (admins chosen here),
 * each one's weekly hours and days off, visit lengths and the lead time. Every form posts without
 * JavaScript; a refused post shows its messages beside the fields.
 */
import type { ReactNode } from "react";
import { Form, href } from "react-router";
import { Button } from "~/components/ui/button";
import { TitledCard } from "~/components/ui/card";
import { Alert, Field, Input, Select, SelectOptions } from "~/components/ui/form-controls";
import { RowActionForm } from "~/components/ui/row-action-form";
import { useIsPending } from "~/components/ui/use-is-pending";
import type { loadSchedulePage } from "./schedule.server";

type SchedulePage = Awaited<ReturnType<typeof loadSchedulePage>>;

/** Where every form of the page posts. */
export const SCHEDULE_PATH = href("/admin/schedule");

/** The refused post's messages, for the form it came from. */
export interface ScheduleErrors {
  form: string;
  errors: Record<string, string[]>;
}

function PostForm({
  intent,
  label,
  staffId,
  children,
  className,
}: {
  intent: string;
  label: string;
  staffId?: string;
  children?: ReactNode;
  className?: string;
}) {
  const busy = useIsPending({ formAction: SCHEDULE_PATH, field: ["intent", intent] });
  return (
    <Form method="post" action={SCHEDULE_PATH} className={className} noValidate>
      <input type="hidden" name="intent" value={intent} />
      {staffId && <input type="hidden" name="staffId" value={staffId} />}
      {children}
      <Button type="submit" disabled={busy} variant={children ? "default" : "outline"} size="sm">
        {label}
      </Button>
    </Form>
  );
}

function StaffCard({
  member,
  failed,
}: {
  member: SchedulePage["staff"][number];
  failed: ScheduleErrors | undefined;
}) {
  const hoursErrors = failed?.form === `save-hours-${member.id}` ? failed.errors : {};
  const dayErrors = failed?.form === `add-day-off-${member.id}` ? failed.errors : {};
  const prefix = `staff-${member.id}`;
  return (
    <TitledCard title={member.name} bodyClassName="space-y-6">
      <Form method="post" action={SCHEDULE_PATH} noValidate className="space-y-3">
        <input type="hidden" name="intent" value="save-hours" />
        <input type="hidden" name="staffId" value={member.id} />
        <fieldset>
          <legend className="mb-2 font-medium">
            Working hours (Mountain Time; leave a day empty when not worked)
          </legend>
          <div className="space-y-3">
            {member.week.map((day) => (
              <div key={day.weekday} className="grid grid-cols-1 gap-2 sm:grid-cols-[7rem_1fr_1fr]">
                <span className="self-center text-sm font-medium" aria-hidden="true">
                  {day.name}
                </span>
                {(["start", "end"] as const).map((edge) => {
                  const name = `${edge}_${day.weekday}`;
                  return (
                    <Field
                      key={edge}
                      id={`${prefix}-${name}`}
                      label={`${day.name} ${edge === "start" ? "starts" : "ends"}`}
                      errors={hoursErrors[name]}
                    >
                      {(control) => (
                        <Input {...control} type="time" name={name} defaultValue={day[edge]} />
                      )}
                    </Field>
                  );
                })}
              </div>
            ))}
          </div>
        </fieldset>
        <Button type="submit" size="sm">
          Save working hours
        </Button>
      </Form>
      <section aria-labelledby={`${prefix}-off`} className="space-y-3">
        <h4 id={`${prefix}-off`} className="font-medium">
          Days off
        </h4>
        {member.daysOff.length === 0 ? (
          <p className="text-sm">No days off.</p>
        ) : (
          <ul className="space-y-2">
            {member.daysOff.map((off) => (
              <li key={off.day} className="flex flex-wrap items-center gap-3">
                <span>{off.label}</span>
                <RowActionForm
                  action={SCHEDULE_PATH}
                  intent="remove-day-off"
                  fields={{ staffId: member.id, day: off.day }}
                  label={`Remove day off ${off.label}`}
                >
                  Remove
                </RowActionForm>
              </li>
            ))}
          </ul>
        )}
        <PostForm
          intent="add-day-off"
          label="Add day off"
          staffId={member.id}
          className="flex flex-wrap items-end gap-3"
        >
          <Field id={`${prefix}-day`} label="Day off" errors={dayErrors.day}>
            {(control) => <Input {...control} type="date" name="day" />}
          </Field>
        </PostForm>
      </section>
      <PostForm
        intent="remove-staff"
        label={`Remove ${member.name} from the visit staff`}
        staffId={member.id}
      />
    </TitledCard>
  );
}

/** The page's sections: staff members, adding one, visit lengths and lead time. */
export function ScheduleSection({
  page,
  failed,
}: {
  page: SchedulePage;
  failed: ScheduleErrors | undefined;
}) {
  const settingsErrors = failed?.form === "save-settings" ? failed.errors : {};
  const addErrors = failed?.form === "add-staff" ? failed.errors : {};
  return (
    <section aria-labelledby="schedule-title" className="space-y-6">
      <h2 id="schedule-title" className="text-xl font-semibold">
        Availability
      </h2>
      <p className="text-sm text-slate-700">
        Who does assessment visits and when. Homeowners book free times within these hours, minus
        booked visits; all times are Mountain Time (America/Denver).
      </p>
      {failed && Object.keys(failed.errors).length > 0 && (
        <Alert>Nothing was saved: please correct the fields marked below.</Alert>
      )}
      {page.staff.length === 0 && <p>No one does visits yet: add an admin below.</p>}
      {page.staff.map((member) => (
        <StaffCard key={member.id} member={member} failed={failed} />
      ))}
      <TitledCard title="Add a staff member">
        {page.candidates.length === 0 ? (
          <p className="text-sm">Every admin is on the visit staff.</p>
        ) : (
          <PostForm
            intent="add-staff"
            label="Add to visit staff"
            className="flex flex-wrap items-end gap-3"
          >
            <Field id="add-staff" label="Admin" errors={addErrors.staffId}>
              {(control) => (
                <Select {...control} name="staffId" defaultValue="">
                  <option value="" disabled>
                    Choose an admin
                  </option>
                  <SelectOptions options={page.candidates} />
                </Select>
              )}
            </Field>
          </PostForm>
        )}
      </TitledCard>
      <TitledCard title="Visit lengths and lead time">
        <PostForm intent="save-settings" label="Save visit settings" className="space-y-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {page.lengths.map((length) => (
              <Field
                key={length.kind}
                id={`length-${length.kind}`}
                label={`${length.label} (minutes)`}
                errors={settingsErrors[`length_${length.kind}`]}
              >
                {(control) => (
                  <Input
                    {...control}
                    name={`length_${length.kind}`}
                    inputMode="numeric"
                    defaultValue={length.minutes}
                  />
                )}
              </Field>
            ))}
            <Field
              id="lead-time"
              label="Lead time (hours)"
              description="No visit can be booked to start sooner than this; homeowners can move or cancel a visit online until this long before it."
              errors={settingsErrors.leadTimeHours}
            >
              {(control) => (
                <Input
                  {...control}
                  name="leadTimeHours"
                  inputMode="numeric"
                  defaultValue={page.leadTimeHours}
                />
              )}
            </Field>
          </div>
        </PostForm>
      </TitledCard>
    </section>
  );
}
