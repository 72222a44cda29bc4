/**
 * Consent to texts about a request (TCPA, CTIA): a mobile number gets such texts only while the
 * newest `text_consents` row of that number grants it and its owner's STOP does not stand
 * (`mayText`). Consent is given by ticking 'Text me about my request' on a quote form or the
 * profile, and withdrawn by STOP (or the profile); START gives it again. Sign-in codes are not about a request and never ask (lib/outbox enqueueText).
 */
import { and, desc, eq, exists, ne, or } from "drizzle-orm";
import { text_consents } from "~/db/messages-schema";
import { quotes, user } from "~/db/schema";
import { normalizeMobile } from "~/features/accounts/mobile-number.server";
import { type Database, db } from "~/lib/db.server";
import { TEXT_CONSENT_WORDING } from "./consent";

type Executor = Pick<Database, "select" | "insert">;
export type ConsentSource = (typeof text_consents.$inferInsert)["source"];

/**
 * The row recording that `phoneNumber` (E.164) agreed (`granted`) or withdrew, from `source`,
 * with the words shown (`wording`, default the checkbox's), to insert with the change it goes with.
 */
export function consentRow(
  phoneNumber: string,
  granted: boolean,
  source: ConsentSource,
  links: { userId?: string | null; quoteId?: string | null; wording?: string } = {},
): typeof text_consents.$inferInsert {
  return {
    phone_number: phoneNumber,
    granted,
    source,
    wording: links.wording ?? TEXT_CONSENT_WORDING,
    user_id: links.userId ?? null,
    quote_id: links.quoteId ?? null,
  };
}

/**
 * Whether texts about a request may go to `phoneNumber` (E.164) now: its newest row grants, and
 * no withdrawal by the number's owner (STOP from the number, or the profile or a quote form of
 * the account that confirmed it) stands after their own last grant. Anyone else's quote form is
 * typing: it grants a number nobody withdrew, never undoes its owner's STOP (CTIA: after STOP, texts resume
 * only on the subscriber's own new opt-in; docs/decisions/0297).
 */
export async function mayText(phoneNumber: string, executor: Executor = db): Promise<boolean> {
  // the owner's word: a text from the number, a profile, or a form filed by the account that
  // confirmed the number
  const fromTheOwner = or(
    ne(text_consents.source, "quote_form"),
    exists(
      executor
        .select({ id: user.id })
        .from(user)
        .where(
          and(
            eq(user.id, text_consents.user_id),
            eq(user.phoneNumber, phoneNumber),
            eq(user.phoneNumberVerified, true),
          ),
        ),
    ),
  );
  const newest = (fromOwner: boolean) =>
    executor
      .select({ granted: text_consents.granted })
      .from(text_consents)
      .where(
        fromOwner
          ? and(eq(text_consents.phone_number, phoneNumber), fromTheOwner)
          : eq(text_consents.phone_number, phoneNumber),
      )
      .orderBy(desc(text_consents.created_at), desc(text_consents.id))
      .limit(1);
  const [latest] = await newest(false);
  if (latest?.granted !== true) return false;
  const [owners] = await newest(true);
  return owners?.granted !== false;
}

/** The account's confirmed mobile number (E.164), or null. */
async function confirmedMobile(userId: string): Promise<string | null> {
  const [row] = await db
    .select({ phoneNumber: user.phoneNumber, verified: user.phoneNumberVerified })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1);
  return row?.phoneNumber && row.verified ? row.phoneNumber : null;
}

/** What the profile's consent form shows: the confirmed number and whether it gets texts. */
export async function profileTextConsent(
  userId: string,
): Promise<{ phoneNumber: string | null; granted: boolean }> {
  const phoneNumber = await confirmedMobile(userId);
  return { phoneNumber, granted: phoneNumber ? await mayText(phoneNumber) : false };
}

/**
 * The profile's 'Text me about my request' form: records `granted` for the account's confirmed
 * number (a new history row only when it changes).
 * @returns false when the account has no confirmed mobile number (nothing is stored).
 */
export async function setProfileTextConsent(userId: string, granted: boolean): Promise<boolean> {
  const phoneNumber = await confirmedMobile(userId);
  if (!phoneNumber) return false;
  await db.transaction(async (tx) => {
    if ((await mayText(phoneNumber, tx)) === granted) return;
    await tx.insert(text_consents).values(consentRow(phoneNumber, granted, "profile", { userId }));
  });
  return true;
}

/** The consent history of a person: rows of their account or of `phoneNumbers`, oldest first. */
export async function consentHistory(
  filter: { userId?: string | null; phoneNumbers?: string[] },
  executor: Executor = db,
): Promise<(typeof text_consents.$inferSelect)[]> {
  const conditions = [
    filter.userId ? eq(text_consents.user_id, filter.userId) : undefined,
    ...(filter.phoneNumbers ?? []).map((n) => eq(text_consents.phone_number, n)),
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return [];
  const rows = await executor
    .select()
    .from(text_consents)
    .where(and(or(...conditions)))
    .orderBy(text_consents.created_at, text_consents.id);
  return rows;
}

/**
 * The number that texts about request `quoteId` go to, or null when none may: the owner's
 * confirmed mobile number when it has consent, else the request's own phone (as E.164) when the
 * requester agreed for it (a guest ticks 'Text me about my request' on the quote form).
 */
export async function quoteTextNumber(
  quoteId: string,
  executor: Executor = db,
): Promise<string | null> {
  const [quote] = await executor
    .select({
      phone: quotes.contact_phone,
      accountPhone: user.phoneNumber,
      accountPhoneVerified: user.phoneNumberVerified,
    })
    .from(quotes)
    .leftJoin(user, eq(user.id, quotes.user_id))
    .where(eq(quotes.id, quoteId))
    .limit(1);
  if (!quote) return null;
  const candidates = [
    quote.accountPhone && quote.accountPhoneVerified ? quote.accountPhone : null,
    normalizeMobile(quote.phone),
  ];
  for (const number of new Set(candidates)) {
    if (number && (await mayText(number, executor))) return number;
  }
  return null;
}
