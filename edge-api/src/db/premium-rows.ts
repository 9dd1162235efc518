/** The rows of premiums after the sale (migrations/0280, issue 49), kept beside schema.ts's Database. */

export interface PremiumDueRow {
  /** `<application id>:<seq>` (db/premium-dues.ts). */
  id: string;
  application_id: string;
  seq: number;
  due_on: string;
  amount_minor: number;
  paid_at: string | null;
  receipt_id: string | null;
}

export interface PremiumReceiptRow {
  id: string;
  receipt_number: string;
  application_id: string;
  /** JSON list of the dues it paid. */
  due_ids: string;
  amount_minor: number;
  currency: string;
  method: string;
  provider: 'stripe' | 'sslcommerz' | 'demo' | 'field';
  transaction_id: string;
  collected_by: string | null;
  collected_at: string | null;
  paid_at: string;
  revived: number;
}

export type ReminderKind = 'before' | 'on_day' | 'mid_grace' | 'lapsed';

export interface PremiumReminderRow {
  due_id: string;
  kind: ReminderKind;
  sent_at: string;
}

export interface PremiumTables {
  premium_dues: PremiumDueRow;
  premium_receipts: PremiumReceiptRow;
  premium_reminders: PremiumReminderRow;
}
