/**
 * The words of a push, in the recipient's language. The PWA's inbox has its own texts; these
 * are the ones the server sends, shown by the phone even when the app is closed. A push says
 * nothing personal but the policy's name (docs/decisions/0076-notification-delivery.md).
 */
import { pathInLanguage } from '../http/person-address.ts';
import type { NotificationEvent } from '../db/notifications.ts';
import { attachBanglaSuffixes } from '../schemas/bangla-suffixes.ts';

export type PushLanguage = 'en' | 'bn';

interface PushText {
  title: string;
  body: (policy: string) => string;
}

export const pushTexts: Record<PushLanguage, Record<NotificationEvent, PushText>> = {
  en: {
    'application.assigned': { title: 'Application assigned', body: (p) => `Your application for ${p} is now with an agent.` },
    'application.approved': { title: 'Application approved', body: (p) => `Your application for ${p} was approved.` },
    'application.rejected': { title: 'Application rejected', body: (p) => `Your application for ${p} was rejected.` },
    'payment.confirmed': { title: 'Payment confirmed', body: (p) => `We received your payment for ${p}.` },
    'payment.refunded': { title: 'Payment refunded', body: (p) => `Your payment for ${p} was refunded.` },
    'claim.assigned': { title: 'New claim assigned', body: (p) => `A claim for ${p} was assigned to you.` },
    'agent-request.submitted': { title: 'Agent request to review', body: () => 'Someone asked to become an agent.' },
    'payment.refused': { title: 'Payment refused', body: (p) => `A card payment for ${p} was refused by the provider.` },
    'service-request.approved': { title: 'Change approved', body: (p) => `The change you asked for on ${p} was approved.` },
    'service-request.refused': { title: 'Change refused', body: (p) => `The change you asked for on ${p} was refused. Open the policy's history to see why.` },
    'service-request.new': { title: 'Change to decide', body: (p) => `A policyholder asked for a change to ${p}. Approve or refuse it.` },
    'premium_due': { title: 'Premium due', body: (p) => `A premium of ${p} is due. Pay it to keep your cover.` },
    'premium_paid': { title: 'Premium received', body: (p) => `We received your premium for ${p}. Your receipt is ready.` },
    'policy_lapsed': { title: 'Policy lapsed', body: (p) => `${p} has lapsed: a premium was not paid within the grace period. Pay what is due to revive it.` },
    'insurance-claim.filed': { title: 'Claim received', body: (p) => `We received your claim on ${p}.` },
    'insurance-claim.new': { title: 'New claim', body: (p) => `A claim on ${p} was filed. Assign it to an agent.` },
    'insurance-claim.assigned': { title: 'Claim with an agent', body: (p) => `An agent is now checking your claim on ${p}.` },
    'insurance-claim.to-clear': { title: 'Claim to clear', body: (p) => `A claim on ${p} was given to you to clear.` },
    'insurance-claim.sent-back': { title: 'Document needed', body: (p) => `Your claim on ${p} needs another document.` },
    'insurance-claim.resubmitted': { title: 'Missing document added', body: (p) => `The claimant added what was missing on a claim on ${p}.` },
    'insurance-claim.approved': { title: 'Claim approved', body: (p) => `Your claim on ${p} was approved.` },
    'insurance-claim.to-pay': { title: 'Claim to pay out', body: (p) => `A claim on ${p} was approved. Record its payout.` },
    'insurance-claim.rejected': { title: 'Claim rejected', body: (p) => `Your claim on ${p} was rejected.` },
    'insurance-claim.paid': { title: 'Claim paid', body: (p) => `The payout of your claim on ${p} was made.` },
    'insurance-claim.overdue': { title: 'Claim overdue', body: (p) => `A claim on ${p} is past its decision date.` },
    'insurance-claim.unverified-nominee': {
      title: 'A claim as your nominee',
      body: (p) => `Someone filed a claim on ${p} as your nominee. Your policy has no nominee NID, so we could not check it. If you did not expect this, contact us.`,
    },
  },
  bn: {
    'application.assigned': { title: 'আবেদন এজেন্টের কাছে', body: (p) => `${p}-এর জন্য আপনার আবেদন এখন একজন এজেন্ট দেখছেন।` },
    'application.approved': { title: 'আবেদন অনুমোদিত', body: (p) => `${p}-এর জন্য আপনার আবেদন অনুমোদিত হয়েছে।` },
    'application.rejected': { title: 'আবেদন প্রত্যাখ্যাত', body: (p) => `${p}-এর জন্য আপনার আবেদন প্রত্যাখ্যাত হয়েছে।` },
    'payment.confirmed': { title: 'পেমেন্ট নিশ্চিত', body: (p) => `${p}-এর জন্য আপনার পেমেন্ট পেয়েছি।` },
    'payment.refunded': { title: 'পেমেন্ট ফেরত', body: (p) => `${p}-এর জন্য আপনার পেমেন্ট ফেরত দেওয়া হয়েছে।` },
    // An application to clear, not an insurance claim (দাবি): in Bangla an application is an আবেদন (issue 48).
    'claim.assigned': { title: 'নতুন আবেদন', body: (p) => `${p}-এর একটি আবেদন যাচাইয়ের জন্য আপনাকে দেওয়া হয়েছে।` },
    'agent-request.submitted': { title: 'এজেন্ট অনুরোধ', body: () => 'একজন এজেন্ট হতে চেয়েছেন।' },
    'payment.refused': { title: 'পেমেন্ট প্রত্যাখ্যাত', body: (p) => `${p}-এর একটি কার্ড পেমেন্ট প্রদানকারী ফিরিয়ে দিয়েছে।` },
    'service-request.approved': { title: 'পরিবর্তন অনুমোদিত', body: (p) => `${p}-এ আপনি যে পরিবর্তন চেয়েছিলেন, তা অনুমোদিত হয়েছে।` },
    'service-request.refused': { title: 'পরিবর্তন নামঞ্জুর', body: (p) => `${p}-এ আপনি যে পরিবর্তন চেয়েছিলেন, তা নামঞ্জুর হয়েছে। কারণ জানতে পলিসির ইতিহাস দেখুন।` },
    'service-request.new': { title: 'পরিবর্তনের অনুরোধ', body: (p) => `একজন পলিসিহোল্ডার ${p}-এ পরিবর্তন চেয়েছেন। অনুমোদন বা নামঞ্জুর করুন।` },
    'premium_due': { title: 'প্রিমিয়াম দেওয়ার সময়', body: (p) => `${p}-এর একটি প্রিমিয়াম দেওয়ার সময় হয়েছে। বিমা চালু রাখতে তা পরিশোধ করুন।` },
    'premium_paid': { title: 'প্রিমিয়াম পেয়েছি', body: (p) => `${p}-এর প্রিমিয়াম আমরা পেয়েছি। আপনার রসিদ তৈরি।` },
    'policy_lapsed': { title: 'পলিসি তামাদি', body: (p) => `গ্রেস পিরিয়ডের মধ্যে প্রিমিয়াম না দেওয়ায় ${p} তামাদি হয়ে গেছে। বকেয়া প্রিমিয়াম দিয়ে পলিসি আবার চালু করুন।` },
    'insurance-claim.filed': { title: 'দাবি পেয়েছি', body: (p) => `${p}-এর ওপর আপনার দাবি আমরা পেয়েছি।` },
    'insurance-claim.new': { title: 'নতুন দাবি', body: (p) => `${p}-এর ওপর একটি দাবি জমা হয়েছে। একজন এজেন্টকে দিন।` },
    'insurance-claim.assigned': { title: 'দাবি এজেন্টের কাছে', body: (p) => `${p}-এর ওপর আপনার দাবি এখন একজন এজেন্ট যাচাই করছেন।` },
    'insurance-claim.to-clear': { title: 'যাচাইয়ের জন্য দাবি', body: (p) => `${p}-এর ওপর একটি দাবি যাচাইয়ের জন্য আপনাকে দেওয়া হয়েছে।` },
    'insurance-claim.sent-back': { title: 'কাগজ দরকার', body: (p) => `${p}-এর ওপর আপনার দাবিতে আরেকটি কাগজ দরকার।` },
    'insurance-claim.resubmitted': { title: 'বাকি কাগজ দেওয়া হয়েছে', body: (p) => `${p}-এর একটি দাবিতে দাবিদার বাকি কাগজ দিয়েছেন।` },
    'insurance-claim.approved': { title: 'দাবি অনুমোদিত', body: (p) => `${p}-এর ওপর আপনার দাবি অনুমোদিত হয়েছে।` },
    'insurance-claim.to-pay': { title: 'দাবির টাকা পরিশোধ', body: (p) => `${p}-এর একটি দাবি অনুমোদিত হয়েছে। পরিশোধ লিখে রাখুন।` },
    'insurance-claim.rejected': { title: 'দাবি প্রত্যাখ্যাত', body: (p) => `${p}-এর ওপর আপনার দাবি প্রত্যাখ্যাত হয়েছে।` },
    'insurance-claim.paid': { title: 'দাবির টাকা পাঠানো হয়েছে', body: (p) => `${p}-এর ওপর আপনার দাবির টাকা পাঠানো হয়েছে।` },
    'insurance-claim.overdue': { title: 'দাবির সময় পার', body: (p) => `${p}-এর একটি দাবির সিদ্ধান্তের তারিখ পেরিয়ে গেছে।` },
    'insurance-claim.unverified-nominee': {
      title: 'আপনার নমিনি পরিচয়ে দাবি',
      body: (p) =>
        `কেউ নিজেকে আপনার নমিনি বলে ${p}-এর ওপর একটি দাবি জমা দিয়েছেন। আপনার পলিসিতে নমিনির এনআইডি নেই, তাই আমরা তা যাচাই করতে পারিনি। আপনি এ বিষয়ে না জানলে আমাদের সঙ্গে যোগাযোগ করুন।`,
    },
  },
};

/** The account's language (users.language, chosen by its owner), else English. */
export function languageOf(user: Record<string, unknown> | undefined): PushLanguage {
  const language = user?.language ?? user?.locale;
  return typeof language === 'string' && language.toLowerCase().startsWith('bn') ? 'bn' : 'en';
}

/** What the service worker shows (pwa/src/sw-push.ts reads the same fields). */
export interface PushPayload {
  id: string;
  title: string;
  body: string;
  link: string;
}

/** A Bangla push names the policy by its Bangla title when it has one (issue 48). */
export function pushPayload(
  notification: { id: string; event: NotificationEvent; policy_name: string | null; policy_name_bn?: string | null; link: string },
  language: PushLanguage,
): PushPayload {
  const text = pushTexts[language][notification.event];
  const name = (language === 'bn' && notification.policy_name_bn) || notification.policy_name;
  const policy = name ?? (language === 'bn' ? 'একটি পলিসি' : 'a policy');
  // In Bangla the genitive joins a Bengali policy name ("একটি পলিসির", issue 48).
  const body = language === 'bn' ? attachBanglaSuffixes(text.body(policy)) : text.body(policy);
  // The screen opens in the person's language (issue 48); the inbox keeps the plain path, which the app opens in the page's.
  return { id: notification.id, title: text.title, body, link: pathInLanguage(notification.link, language) };
}
