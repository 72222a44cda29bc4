/**
 * The "Estimate" card of the back office's quote page: where the estimate stands, the builder
 * (until it is accepted), the draft's server-computed totals, and the record staff and an
 * auditor read: every sent version with its times, the acceptance's audit record with the
 * signature (loaded from the admin-only signature route), the declines, and the follow-ups (the
 * next one planned and each one sent).
 */
import type { SubmissionResult } from "@conform-to/react";
import { href } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { orNA } from "~/features/admin/format";
import { Rows } from "~/features/admin/quote-detail";
import { EstimateBuilder } from "./estimate-builder";
import { EstimateOptionsSummary } from "./estimate-summary";
import type { QuoteEstimateView } from "./quote-estimate.server";
import { EstimateStatusBadge } from "./status-badge";

type EstimateRecordView = NonNullable<QuoteEstimateView["record"]>;

/** The signed record: who accepted which option, when, from where, under which disclosure. */
function AcceptanceRecord({
  quoteId,
  acceptance,
}: {
  quoteId: string;
  acceptance: NonNullable<EstimateRecordView["acceptance"]>;
}) {
  return (
    <section aria-labelledby="estimate-acceptance" className="space-y-3">
      <h4 id="estimate-acceptance" className="font-semibold">
        Accepted and signed
      </h4>
      <Rows
        rows={[
          ["Version", `v${acceptance.version}`],
          ["Option", `${acceptance.optionName} (${acceptance.total})`],
          ["Signer", acceptance.signerName],
          ["Accepted", acceptance.acceptedAt],
          [
            "Signature",
            acceptance.hasSignature ? (
              <img
                key="signature"
                src={href("/admin/quotes/:id/signature.png", { id: quoteId })}
                alt={`Signature drawn by ${acceptance.signerName}`}
                className="max-h-32 w-auto max-w-full rounded border border-slate-300 bg-white"
              />
            ) : (
              "Typed name only (no drawing)"
            ),
          ],
          ["IP address", acceptance.clientIp],
          ["User agent", acceptance.userAgent],
          ["SHA-256 of the version signed", <code key="sha">{acceptance.contentSha256}</code>],
          [
            "Consent text shown",
            <span key="consent" className="whitespace-pre-line">
              {acceptance.consentText}
            </span>,
          ],
        ]}
      />
    </section>
  );
}

/** The record of sent versions, the acceptance and the declines. */
function EstimateRecord({ quoteId, record }: { quoteId: string; record: EstimateRecordView }) {
  return (
    <div className="space-y-6">
      {record.acceptance && <AcceptanceRecord quoteId={quoteId} acceptance={record.acceptance} />}
      {record.declines.length > 0 && (
        <section aria-labelledby="estimate-declines" className="space-y-3">
          <h4 id="estimate-declines" className="font-semibold">
            Declined
          </h4>
          {record.declines.map((d) => (
            <Rows
              key={`${d.version}-${d.declinedAt}`}
              rows={[
                ["Version", `v${d.version}`],
                ["Declined", d.declinedAt],
                ["Reason", orNA(d.reason)],
                ["IP address", d.clientIp],
                ["User agent", d.userAgent],
              ]}
            />
          ))}
        </section>
      )}
      <section aria-labelledby="estimate-follow-ups" className="space-y-2">
        <h4 id="estimate-follow-ups" className="font-semibold">
          Follow-ups
        </h4>
        <p>
          {record.followUps.next
            ? `Next follow-up: ${record.followUps.next}`
            : "No follow-up planned."}
        </p>
        {record.followUps.sent.length > 0 && (
          <ul className="list-disc space-y-1 pl-5">
            {record.followUps.sent.map((f) => (
              <li key={f.number}>
                Follow-up {f.number} sent {f.sentAt}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="estimate-versions" className="space-y-4">
        <h4 id="estimate-versions" className="font-semibold">
          Sent versions
        </h4>
        {record.versions.length === 0 ? (
          <p>Not sent yet.</p>
        ) : (
          record.versions.map((v) => (
            <details key={v.id} open={v === record.versions[0]} className="min-w-0">
              <summary className="cursor-pointer font-medium">
                Version {v.version}, sent {v.sentAt}
              </summary>
              <div className="mt-3 space-y-3">
                <Rows
                  rows={[
                    ["Sent", orNA(v.sentAt)],
                    ["First viewed", v.firstViewedAt ?? "Not yet"],
                    ["Valid until", v.view.validUntil],
                    [
                      "SHA-256",
                      <span key="sha">
                        <code>{v.contentSha256}</code>
                        {v.intact
                          ? " (matches the stored content)"
                          : " (DOES NOT MATCH the stored content)"}
                      </span>,
                    ],
                  ]}
                />
                <EstimateOptionsSummary view={v.view} headingLevel="h5" />
              </div>
            </details>
          ))
        )}
      </section>
      <p className="text-sm text-slate-700">
        Estimate created {record.createdAt}; first viewed by the homeowner{" "}
        {record.firstViewedAt ?? "not yet"}.
      </p>
    </div>
  );
}

/** The card; `result` is the builder's refused post, if any. */
export function EstimateCard({
  quoteId,
  estimate,
  result,
}: {
  quoteId: string;
  estimate: QuoteEstimateView;
  result: SubmissionResult<string[]> | undefined;
}) {
  return (
    <Card id="estimate">
      <CardHeader>
        <CardTitle as="h3" className="flex flex-wrap items-center gap-2">
          Estimate <EstimateStatusBadge status={estimate.status} />
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-8">
        {estimate.record && <EstimateRecord quoteId={quoteId} record={estimate.record} />}
        {estimate.draft && (
          <section aria-labelledby="estimate-draft" className="space-y-3">
            <h4 id="estimate-draft" className="font-semibold">
              Draft version {estimate.draft.version} (not sent), as the server priced it
            </h4>
            <EstimateOptionsSummary view={estimate.draft} />
          </section>
        )}
        {estimate.editable ? (
          <section aria-labelledby="estimate-builder" className="space-y-3">
            <h4 id="estimate-builder" className="font-semibold">
              {estimate.record
                ? `Edit (becomes version ${estimate.draftVersion})`
                : "Build the estimate"}
            </h4>
            <EstimateBuilder estimate={estimate} result={result} />
          </section>
        ) : (
          <p>This estimate was accepted and signed; it can no longer change.</p>
        )}
      </CardContent>
    </Card>
  );
}
