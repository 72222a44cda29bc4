/**
 * Bounds of an estimate, shared by validation and the database's CHECK constraints. They keep
 * every amount an exact integer well inside Number.MAX_SAFE_INTEGER (docs/decisions/0122-estimate-money.md).
 */

/** options the homeowner chooses between */
export const MAX_OPTIONS = 3;
/** lines per option */
export const MAX_LINES = 40;
/** $100,000.00 per unit */
export const MAX_UNIT_PRICE_CENTS = 10_000_000;
/** quantities are stored in thousandths: 100,000 units at most, 0.001 the smallest step */
export const QUANTITY_SCALE = 1000;
export const MAX_QUANTITY_THOUSANDTHS = 100_000 * QUANTITY_SCALE;
/** 20.00 % */
export const MAX_TAX_RATE_BASIS_POINTS = 2000;
/** a drawn signature as PNG (signature_pad on a 700 x 200 canvas is 5-30 KB) */
export const MAX_SIGNATURE_BYTES = 128 * 1024;
/** the drawn signature as the form posts it: `data:image/png;base64,` and the PNG in base64 */
export const MAX_SIGNATURE_DATA_URL_CHARS = Math.ceil((MAX_SIGNATURE_BYTES * 4) / 3) + 30;
export const MAX_NAME_LENGTH = 120;
export const MAX_DESCRIPTION_LENGTH = 500;
export const MAX_TERMS_LENGTH = 5000;
export const MAX_REASON_LENGTH = 2000;
export const MAX_SIGNER_NAME_LENGTH = 200;
