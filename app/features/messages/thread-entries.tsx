/**
 * A thread in time order: what the customer sent and what the site and the office sent them.
 * Staff see every message with its delivery status; a customer sees their own messages and the
 * office's replies.
 */
import { Badge } from "~/components/ui/badge";

export type ThreadEntryView =
  | {
      kind: "customer";
      id: string;
      at: string;
      channel: "sms" | "web" | "review";
      body: string;
      rating: number | null;
      /** the photo or PDF sent with the message, at its private address */
      file: { name: string; href: string } | null;
    }
  | {
      kind: "sent";
      id: string;
      at: string;
      channel: "mail" | "sms";
      subject: string;
      body: string;
      status: "pending" | "sent" | "failed";
      reply: boolean;
    };

const RECEIVED_BY = { sms: "Text", web: "Message", review: "Review" };
const STATUS = {
  pending: { label: "Sending", tone: "neutral" },
  sent: { label: "Delivered", tone: "success" },
  failed: { label: "Failed", tone: "danger" },
} as const;

export function ThreadEntries({
  entries,
  viewer,
}: {
  entries: ThreadEntryView[];
  viewer: "staff" | "customer";
}) {
  if (entries.length === 0) return <p className="text-sm">No messages yet.</p>;
  return (
    <ol className="space-y-3" aria-label="Messages">
      {entries.map((e) => (
        <li
          key={e.id}
          className={
            e.kind === "customer"
              ? "mr-8 rounded-md border border-slate-200 bg-white p-3"
              : "ml-8 rounded-md border border-brand-100 bg-brand-50 p-3"
          }
        >
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <span className="font-medium text-slate-900">
              {e.kind === "customer"
                ? viewer === "staff"
                  ? `${RECEIVED_BY[e.channel]} from the customer`
                  : "You wrote"
                : e.reply
                  ? `${viewer === "staff" ? "Reply" : "The office replied"} by ${e.channel === "mail" ? "mail" : "text"}`
                  : e.channel === "mail"
                    ? "Mail"
                    : "Text"}
            </span>
            <span>{e.at}</span>
            {e.kind === "sent" && viewer === "staff" && (
              <Badge tone={STATUS[e.status].tone}>{STATUS[e.status].label}</Badge>
            )}
            {e.kind === "customer" && e.rating !== null && <span>Rating: {e.rating} of 5</span>}
          </div>
          {e.kind === "sent" && e.subject && <p className="mt-1 font-medium">{e.subject}</p>}
          <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-sm">{e.body}</p>
          {e.kind === "customer" && e.file && (
            <p className="mt-1 text-sm">
              Attached file:{" "}
              <a href={e.file.href} className="wrap-anywhere text-brand-800 underline">
                {e.file.name}
              </a>
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
