/**
 * The words the homeowner agrees to when signing: the electronic-signature disclosure of the
 * ESIGN Act (15 U.S.C. 7001(c): what is signed, the right to a paper copy, how to withdraw consent,
 * what is needed to keep a copy) and Utah's Uniform Electronic Transactions Act (Utah Code 46-4),
 * in plain words. Each signature stores the exact text shown, so a later edit here never changes
 * what an earlier signer agreed to. Public to the other features (a job's sign-off uses the same
 * disclosure for its own document).
 */
import { company } from "~/features/catalog/company";

/** What a disclosure is about: the signed document and what signing it means. */
export interface EsignSubject {
  /** the document, as the sentences name it ('this estimate') */
  document: string;
  /** what the signature agrees to, a clause ending in a full stop */
  meaning: string;
  /** how the signer keeps a copy, a sentence */
  keepCopy: string;
}

/** The disclosure of `subject`, paragraphs separated by blank lines. */
export function esignConsentText(subject: EsignSubject): string {
  return [
    `By ticking this box and typing your name you sign ${subject.document} electronically. Your electronic signature is as binding as a signature on paper: ${subject.meaning}`,
    `You may ask for a paper copy of ${subject.document} and your signature at no charge, by replying to the email that brought you ${subject.document} or by calling us.`,
    "You may withdraw your consent to sign electronically before you sign, by not ticking this box; afterwards, tell us by email or phone and we will continue with you on paper. Withdrawing does not undo a signature already given.",
    subject.keepCopy,
  ].join("\n\n");
}

/** The label of the consent checkbox for `subject`. */
export function esignConsentLabel(subject: Pick<EsignSubject, "document">): string {
  return `I agree to sign ${subject.document} electronically`;
}

const ESTIMATE: EsignSubject = {
  document: "this estimate",
  meaning: `you accept the option you chose, at its total and on the terms above, and you authorize ${company.name} to schedule the work.`,
  keepCopy:
    "To keep a copy you need a device that can open PDF files: the signed estimate is emailed to you as a PDF and stays available at this link.",
};

/** The disclosure shown above the consent box and stored with every acceptance. */
export const ESIGN_CONSENT_TEXT = esignConsentText(ESTIMATE);

/** The label of the consent checkbox. */
export const ESIGN_CONSENT_LABEL = esignConsentLabel(ESTIMATE);

/** The terms a new estimate starts with; staff edit them per estimate. */
export const DEFAULT_TERMS = [
  "Prices include the labor, equipment and materials listed. Work is scheduled at a time that suits you after you accept.",
  "Payment is due on completion. Any change to the work is agreed with you in writing before it is done.",
  "Radon systems are installed to the EPA's and ANSI/AARST's standards for existing homes and come with a post-mitigation test.",
].join("\n\n");
