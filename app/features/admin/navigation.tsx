/**
 * The admin sidebar's entries (SPEC: 'Admin Panel' with Quotes, Customers, Analytics; Logout is
 * the shell's). Add an area by adding an entry here (e.g. the blog editor).
 */
import {
  BarChart3,
  BookOpen,
  CalendarClock,
  FileText,
  HardHat,
  MessagesSquare,
  Newspaper,
  Receipt,
  Settings,
  Users,
} from "lucide-react";
import { href } from "react-router";
import type { DashboardLink } from "~/components/layout/dashboard-shell";

export const adminLinks: DashboardLink[] = [
  { to: href("/admin/quotes"), label: "Quotes", icon: <FileText aria-hidden="true" /> },
  { to: href("/admin/jobs"), label: "Jobs", icon: <HardHat aria-hidden="true" /> },
  { to: href("/admin/invoices"), label: "Invoices", icon: <Receipt aria-hidden="true" /> },
  { to: href("/admin/price-book"), label: "Price book", icon: <BookOpen aria-hidden="true" /> },
  { to: href("/admin/schedule"), label: "Schedule", icon: <CalendarClock aria-hidden="true" /> },
  { to: href("/admin/messages"), label: "Messages", icon: <MessagesSquare aria-hidden="true" /> },
  { to: href("/admin/customers"), label: "Customers", icon: <Users aria-hidden="true" /> },
  { to: href("/admin/analytics"), label: "Analytics", icon: <BarChart3 aria-hidden="true" /> },
  { to: href("/admin/blog"), label: "Blog", icon: <Newspaper aria-hidden="true" /> },
  { to: href("/admin/settings"), label: "Settings", icon: <Settings aria-hidden="true" /> },
];

/** The sidebar's entries with the number of threads that have unread customer messages. */
export function adminLinksWith(unreadThreads: number): DashboardLink[] {
  return adminLinks.map((link) =>
    link.to === href("/admin/messages")
      ? { ...link, count: { value: unreadThreads, label: "unread" } }
      : link,
  );
}
