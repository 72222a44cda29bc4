import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names (clsx). It does not resolve conflicting Tailwind utilities, which would take
 * tailwind-merge (8 KB gzip, a sixteenth of the marketing pages' JavaScript budget): components
 * offer variants for what differs instead, and callers add only classes the component leaves free.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
