/**
 * The shape of an enumeration and its builder, apart from the SPEC's enumerations (`enums.ts`) so
 * that the services catalog, on every page, does not bring every form's option labels along.
 */

export interface EnumOption<V extends string = string> {
  value: V;
  label: string;
}

export interface Enumeration<V extends string> {
  /** value -> label, in display order */
  labels: Readonly<Record<V, string>>;
  /** the values as a non-empty tuple, for zod's `z.enum` and Drizzle's `pgEnum` */
  values: [V, ...V[]];
  options: EnumOption<V>[];
  /** The label of a value; unknown values fall back to the raw value. */
  label(value: string | null | undefined): string;
}

/** Builds an {@link Enumeration} from a value -> label map (key order is display order). */
export function defineEnum<const L extends Record<string, string>>(
  labels: L,
): Enumeration<keyof L & string> {
  type V = keyof L & string;
  const values = Object.keys(labels) as [V, ...V[]];
  return {
    labels,
    values,
    options: values.map((value) => ({ value, label: labels[value] as string })),
    label: (value) => (value == null ? "" : ((labels as Record<string, string>)[value] ?? value)),
  };
}

export type EnumValue<E> = E extends Enumeration<infer V> ? V : never;
