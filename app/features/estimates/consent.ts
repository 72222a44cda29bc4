/**
 * The words the homeowner agrees to when signing: the electronic-signature disclosure of the
 * ESIGN Act (15 U.S.C. 7001(c): what is signed, the right to a paper copy, how to withdraw consent,
 * what is needed to keep a copy) and Utah's Uniform Electronic Transactions Act (Utah Code 46-4),
 * in plain words. Each acceptance stores the exact text shown, so a later edit here never changes
 * what an earlier signer agreed to.
 */
import { company } from "~/features/catalog/company";

/** The disclosure shown above the consent box and stored with every acceptance. */
export const ESIGN_CONSENT_TEXT = [
  `By ticking this box and typing your name you sign this estimate electronically. Your electronic signature is as binding as a signature on paper: you accept the option you chose, at its total and on the terms above, and you authorize ${company.name} to schedule the work.`,
  "You may ask for a paper copy of this estimate and your signature at no charge, by replying to the email that brought you this estimate or by calling us.",
  "You may withdraw your consent to sign electronically before you sign, by not ticking this box; afterwards, tell us by email or phone and we will continue with you on paper. Withdrawing does not undo a signature already given.",
  "To keep a copy you need a device that can open PDF files: the signed estimate is emailed to you as a PDF and stays available at this link.",
].join("\n\n");

/** The label of the consent checkbox. */
export const ESIGN_CONSENT_LABEL = "I agree to sign this estimate electronically";

/** The terms a new estimate starts with; staff edit them per estimate. */
export const DEFAULT_TERMS = [
  "Prices include the labor, equipment and materials listed. Work is scheduled at a time that suits you after you accept.",
  "Payment is due on completion. Any change to the work is agreed with you in writing before it is done.",
  "Radon systems are installed to the EPA's and ANSI/AARST's standards for existing homes and come with a post-mitigation test.",
].join("\n\n");
