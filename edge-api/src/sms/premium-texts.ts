/**
 * The SMS about premiums (issue 49 part 4, decision 0117), in the person's language, each with
 * the amount in taka and the date. An English text stays in GSM-7 (no ৳: "BDT") and in one part
 * of 160; a Bangla text is UCS-2, 70 units to a single part and 67 to each part of a longer one,
 * and the amount, the date, the policy's name and what to do cannot all fit in 70: a Bangla one
 * is allowed two parts (134 units), and a policy name long enough to need a third is cut short.
 * Bangla writes its own digits and full month names; receipt numbers stay as printed.
 */
import { attachBanglaSuffixes } from '../schemas/bangla-suffixes.ts';
import type { Language } from '../schemas/language.ts';
import type { ReminderKind } from '../db/premium-rows.ts';
import { smsSize } from './segments.ts';

/** The most parts an SMS about premiums may cost. */
export const premiumSmsMaxSegments = 2;

const months: Record<Language, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  bn: ['জানুয়ারি', 'ফেব্রুয়ারি', 'মার্চ', 'এপ্রিল', 'মে', 'জুন', 'জুলাই', 'আগস্ট', 'সেপ্টেম্বর', 'অক্টোবর', 'নভেম্বর', 'ডিসেম্বর'],
};
const bengaliDigits = '০১২৩৪৫৬৭৮৯';
const digitsIn = (language: Language, text: string) =>
  language === 'bn' ? text.replace(/[0-9]/g, (digit) => bengaliDigits[Number(digit)] as string) : text;

/** Indian grouping (lakh, crore), as the app writes money in both languages. */
const groupIndian = (digits: string) => (digits.length <= 3 ? digits : `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`);

/** 50000 poisha -> "BDT 500" / "৳৫০০"; 123456 -> "BDT 1,234.56" / "৳১,২৩৪.৫৬" (poisha only when there are some). */
export function smsTaka(language: Language, poisha: number): string {
  const taka = groupIndian(String(Math.floor(poisha / 100)));
  const rest = poisha % 100;
  const amount = rest === 0 ? taka : `${taka}.${String(rest).padStart(2, '0')}`;
  return language === 'bn' ? `৳${digitsIn('bn', amount)}` : `BDT ${amount}`;
}

/** 2026-03-17 -> "17 Mar" / "১৭ মার্চ": no year, as every date said is within weeks of the SMS. */
export function smsDate(language: Language, day: string): string {
  const [, month, date] = day.split('-').map(Number) as [number, number, number];
  return digitsIn(language, `${date} ${months[language][month - 1]}`);
}

export interface DueFacts {
  policy: string;
  amount: string;
  dueOn: string;
  /** The last day of grace. */
  graceEnds: string;
}

const reminderTexts: Record<ReminderKind, Record<Language, (f: DueFacts) => string>> = {
  before: {
    en: (f) => `LifeSure: your premium of ${f.amount} for ${f.policy} is due on ${f.dueOn}. Pay in the app to keep your cover.`,
    bn: (f) => `LifeSure: ${f.policy}-এর ${f.amount} প্রিমিয়াম দেওয়ার তারিখ ${f.dueOn}। অ্যাপ থেকে দিন।`,
  },
  on_day: {
    // True on the day and after it (a pass that ran late sends it within grace).
    en: (f) => `LifeSure: your premium of ${f.amount} for ${f.policy} fell due on ${f.dueOn}. Pay in the app to keep your cover.`,
    bn: (f) => `LifeSure: ${f.policy}-এর ${f.amount} প্রিমিয়াম দেওয়ার দিন ${f.dueOn} এসে গেছে। অ্যাপ থেকে দিন।`,
  },
  mid_grace: {
    en: (f) => `LifeSure: your premium of ${f.amount} for ${f.policy}, due ${f.dueOn}, is unpaid. Pay by ${f.graceEnds} or the policy lapses.`,
    bn: (f) => `LifeSure: ${f.policy}-এর ${f.amount} প্রিমিয়াম (${f.dueOn}) বাকি। ${f.graceEnds}-এর মধ্যে না দিলে পলিসি তামাদি হবে।`,
  },
  lapsed: {
    en: (f) => `LifeSure: ${f.policy} has lapsed: the premium of ${f.amount} due ${f.dueOn} was not paid. Pay what is due in the app to revive it.`,
    bn: (f) => `LifeSure: ${f.dueOn}-এর ${f.amount} প্রিমিয়াম না দেওয়ায় ${f.policy} তামাদি হয়েছে। বকেয়া দিয়ে আবার চালু করুন।`,
  },
};

const receiptTexts: Record<Language, (f: { policy: string; amount: string; receipt: string; paidOn: string }) => string> = {
  en: (f) => `LifeSure: we received your premium of ${f.amount} for ${f.policy} on ${f.paidOn}. Receipt ${f.receipt}.`,
  bn: (f) => `LifeSure: ${f.policy}-এর ${f.amount} প্রিমিয়াম ${f.paidOn} তারিখে পেয়েছি। রসিদ ${f.receipt}।`,
};

/**
 * The text with the policy's name, cut short (whole words, then "…") only if the whole name would take it
 * past premiumSmsMaxSegments parts.
 */
function withPolicyName(language: Language, policy: string, text: (policy: string) => string): string {
  const write = (name: string) => (language === 'bn' ? attachBanglaSuffixes(text(name)) : text(name));
  const whole = write(policy);
  if (smsSize(whole).segments <= premiumSmsMaxSegments) return whole;
  // Whole words only (a Bangla letter cut from its vowel sign is no letter); "…" would make English UCS-2.
  const words = policy.split(' ');
  const ellipsis = language === 'bn' ? '…' : '...';
  for (let keep = words.length - 1; keep > 0; keep--) {
    const cut = write(`${words.slice(0, keep).join(' ')}${ellipsis}`);
    if (smsSize(cut).segments <= premiumSmsMaxSegments) return cut;
  }
  return write(`${policy.slice(0, 20)}${ellipsis}`);
}

export function premiumReminderText(kind: ReminderKind, language: Language, facts: DueFacts): string {
  return withPolicyName(language, facts.policy, (policy) => reminderTexts[kind][language]({ ...facts, policy }));
}

export function premiumReceiptText(language: Language, facts: { policy: string; amount: string; receipt: string; paidOn: string }): string {
  return withPolicyName(language, facts.policy, (policy) => receiptTexts[language]({ ...facts, policy }));
}
