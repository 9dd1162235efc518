/**
 * The SMS texts, in the person's language (issue 50). Bangla goes as UCS-2, 70 characters to a
 * part (sms/segments.ts), so every Bangla text here fits one part; the code stays in ASCII
 * digits, which every phone shows and copies, and which the browser's one-time-code autofill reads.
 */
import { attachBanglaSuffixes } from '../schemas/bangla-suffixes.ts';
import type { Language } from '../schemas/language.ts';

type CodeUse = 'sign-in' | 'reset' | 'verify-phone';

const codeTexts: Record<CodeUse, Record<Language, (code: string, minutes: number) => string>> = {
  'sign-in': {
    en: (code, minutes) => `${code} is your LifeSure sign-in code. It expires in ${minutes} minutes. Never share it.`,
    bn: (code, minutes) => `LifeSure-এ ঢোকার কোড ${code}। ${minutes} মিনিট চলবে। কাউকে বলবেন না।`,
  },
  reset: {
    en: (code, minutes) => `${code} is your LifeSure password reset code. It expires in ${minutes} minutes. Never share it.`,
    bn: (code, minutes) => `LifeSure পাসওয়ার্ড বদলের কোড ${code}। ${minutes} মিনিট চলবে। কাউকে বলবেন না।`,
  },
  'verify-phone': {
    en: (code, minutes) => `${code} is your LifeSure code to confirm this number. It expires in ${minutes} minutes.`,
    bn: (code, minutes) => `LifeSure-এ নম্বর নিশ্চিত করার কোড ${code}। ${minutes} মিনিট চলবে।`,
  },
};

export const codeText = (use: CodeUse, language: Language, code: string, minutes: number) => codeTexts[use][language](code, minutes);

export const passwordChangedText: Record<Language, string> = {
  en: 'Your LifeSure password was just changed and you were signed out everywhere. If this was not you, contact us now.',
  bn: 'আপনার LifeSure পাসওয়ার্ড বদলানো হয়েছে। আপনি না করলে এখনই যোগাযোগ করুন।',
};

/** A premium was paid (the regulator's rule: the policyholder hears of every one). */
export function premiumPaidText(language: Language, amount: string, policy: string, receipt: string): string {
  return language === 'bn'
    ? attachBanglaSuffixes(`LifeSure: ${policy}-এর প্রিমিয়াম ${amount} পেয়েছি। রসিদ ${receipt}।`)
    : `LifeSure: we received your premium of ${amount} for ${policy}. Receipt ${receipt}.`;
}

export type Decision =
  | 'application-approved'
  | 'application-rejected'
  | 'claim-approved'
  | 'claim-rejected'
  | 'claim-more-documents'
  | 'claim-paid'
  | 'change-approved'
  | 'change-refused';

const decisionTexts: Record<Decision, Record<Language, (policy: string) => string>> = {
  'application-approved': {
    en: (p) => `LifeSure: your application for ${p} was approved. Open the app to pay the first premium.`,
    bn: (p) => `LifeSure: ${p}-এর আবেদন অনুমোদিত। প্রথম প্রিমিয়াম দিতে অ্যাপ খুলুন।`,
  },
  'application-rejected': {
    en: (p) => `LifeSure: your application for ${p} was not approved. Open the app for the reason.`,
    bn: (p) => `LifeSure: ${p}-এর আবেদন অনুমোদিত হয়নি। কারণ জানতে অ্যাপ খুলুন।`,
  },
  'claim-approved': {
    en: (p) => `LifeSure: your claim on ${p} was approved. The payout will follow.`,
    bn: (p) => `LifeSure: ${p}-এর দাবি অনুমোদিত। টাকা শিগগিরই পাবেন।`,
  },
  'claim-rejected': {
    en: (p) => `LifeSure: your claim on ${p} was not approved. Open the app for the reason.`,
    bn: (p) => `LifeSure: ${p}-এর দাবি অনুমোদিত হয়নি। কারণ জানতে অ্যাপ খুলুন।`,
  },
  'claim-more-documents': {
    en: (p) => `LifeSure: your claim on ${p} needs another document. Open the app to send it.`,
    bn: (p) => `LifeSure: ${p}-এর দাবিতে আরেকটি কাগজ লাগবে। অ্যাপ খুলে পাঠান।`,
  },
  'claim-paid': {
    en: (p) => `LifeSure: the payout of your claim on ${p} was sent.`,
    bn: (p) => `LifeSure: ${p}-এর দাবির টাকা পাঠানো হয়েছে।`,
  },
  // Issue 51: a change the holder asked for on their policy (nominee, contact, how often to pay, a certificate).
  'change-approved': {
    en: (p) => `LifeSure: the change you asked for on ${p} was approved.`,
    bn: (p) => `LifeSure: ${p}-এর যে পরিবর্তন চেয়েছিলেন, তা অনুমোদিত।`,
  },
  'change-refused': {
    en: (p) => `LifeSure: the change you asked for on ${p} was refused. Open the app for the reason.`,
    bn: (p) => `LifeSure: ${p}-এর পরিবর্তনের অনুরোধ নামঞ্জুর। কারণ জানতে অ্যাপ খুলুন।`,
  },
};

/** A Bengali policy name takes its genitive as Bangla writes it ("বিমার", not "বিমা-এর"; decision 0107). */
export const decisionText = (decision: Decision, language: Language, policy: string) =>
  language === 'bn' ? attachBanglaSuffixes(decisionTexts[decision].bn(policy)) : decisionTexts[decision].en(policy);
