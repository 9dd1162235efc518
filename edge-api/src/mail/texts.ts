/** The account emails, in the person's language (issue 50). Plain text: nothing to render or track. */
import type { Language } from '../schemas/language.ts';

export function resetEmail(language: Language, name: string, link: string, minutes: number) {
  return language === 'bn'
    ? {
        subject: 'LifeSure: পাসওয়ার্ড নতুন করে ঠিক করুন',
        text: `${name}, আপনার LifeSure পাসওয়ার্ড নতুন করে ঠিক করতে এই লিংকটি খুলুন:\n\n${link}\n\nলিংকটি ${minutes} মিনিট চলবে এবং একবারই ব্যবহার করা যাবে। আপনি না চাইলে এই ইমেইলটি উপেক্ষা করুন; আপনার পাসওয়ার্ড বদলাবে না।`,
      }
    : {
        subject: 'LifeSure: reset your password',
        text: `${name}, open this link to choose a new LifeSure password:\n\n${link}\n\nThe link works for ${minutes} minutes and only once. If you did not ask for it, ignore this email; your password stays as it is.`,
      };
}

export function passwordChangedEmail(language: Language, name: string) {
  return language === 'bn'
    ? {
        subject: 'LifeSure: আপনার পাসওয়ার্ড বদলানো হয়েছে',
        text: `${name}, আপনার LifeSure পাসওয়ার্ড এইমাত্র বদলানো হয়েছে, এবং সব ডিভাইস থেকে আপনাকে সাইন আউট করা হয়েছে। আপনি না করে থাকলে এখনই আমাদের সাথে যোগাযোগ করুন।`,
      }
    : {
        subject: 'LifeSure: your password was changed',
        text: `${name}, your LifeSure password was just changed, and you were signed out on every device. If this was not you, contact us now.`,
      };
}
