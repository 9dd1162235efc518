/**
 * The demo catalogue's Bangla titles and short details (issue 25), by slug: Bangla pages show
 * them, and the English description until a Bangla one is written.
 */
export const demoPoliciesBangla: Record<string, { title: string; shortDetails: string }> = {
  'shishu-shikkha-plan': { title: 'শিশু শিক্ষা প্ল্যান', shortDetails: 'মা-বাবার কেউ না থাকলেও স্কুল-কলেজের প্রতিটি ধাপের খরচ দেয়।' },
  'future-scholar-plan': { title: 'ফিউচার স্কলার প্ল্যান', shortDetails: 'সন্তানের বিশ্ববিদ্যালয়ের জন্য তহবিল, জীবন বিমার সুরক্ষাসহ।' },
  'konna-dream-plan': { title: 'কন্যা স্বপ্ন প্ল্যান', shortDetails: 'মেয়ের পড়াশোনা ও স্বাবলম্বী হওয়ার জন্য সঞ্চয় ও সুরক্ষা।' },
  'nobojatok-newborn-cover': { title: 'নবজাতক সুরক্ষা', shortDetails: 'জন্মের প্রথম দিন থেকেই সুরক্ষা, টিকার খরচসহ।' },
  'child-health-shield': { title: 'শিশু স্বাস্থ্য সুরক্ষা', shortDetails: 'শিশুদের জন্য হাসপাতাল খরচ ও জটিল রোগের সুরক্ষা।' },
  'admission-ready-plan': { title: 'ভর্তি প্রস্তুতি প্ল্যান', shortDetails: 'মেডিকেল বা ইঞ্জিনিয়ারিং ভর্তির সময়েই মেয়াদ পূর্ণ হয় এমন তহবিল।' },
  'study-abroad-fund': { title: 'বিদেশে পড়াশোনা তহবিল প্ল্যান', shortDetails: 'বিদেশে পড়ার খরচের জন্য সঞ্চয়, যাত্রার বছরেই অর্থ প্রদান।' },
  'junior-shanchay-plan': { title: 'জুনিয়র সঞ্চয় প্ল্যান', shortDetails: 'অল্প প্রিমিয়ামে শিশুদের জন্য ছোট মাসিক সঞ্চয় প্ল্যান।' },
  'probin-shasthya-plus': { title: 'প্রবীণ স্বাস্থ্য প্লাস', shortDetails: 'পঞ্চাশোর্ধ্বদের জন্য জীবন বিমা, হাসপাতাল খরচসহ।' },
  'golden-years-life-plan': { title: 'সোনালি বছর জীবন বিমা', shortDetails: '৫০ থেকে ৭৫ বছর বয়সী সবার জন্য নিশ্চিত গ্রহণযোগ্যতা, মেডিকেল পরীক্ষা ছাড়াই।' },
  'pensioner-protection-plan': { title: 'পেনশনভোগী সুরক্ষা প্ল্যান', shortDetails: 'অবসরপ্রাপ্ত সরকারি ও ব্যাংক কর্মীদের জন্য, প্রিমিয়াম পেনশন থেকে।' },
  'senior-critical-care': { title: 'প্রবীণ জটিল রোগ সুরক্ষা', shortDetails: 'হার্ট অ্যাটাক, স্ট্রোক, ক্যান্সার বা কিডনি বিকল হলে এককালীন অর্থ।' },
  'prashanti-whole-life': { title: 'প্রশান্তি আজীবন বিমা', shortDetails: 'সীমিত মেয়াদে প্রিমিয়াম দিয়ে আজীবন সুরক্ষা।' },
  'dampotto-joint-life': { title: 'দাম্পত্য যৌথ জীবন বিমা', shortDetails: 'বিবাহিত দম্পতির জন্য একটি পলিসি, প্রথম মৃত্যুতেই অর্থ প্রদান।' },
  'final-expense-cover': { title: 'শেষকৃত্য ব্যয় সুরক্ষা', shortDetails: 'ক্লেইমের ৪৮ ঘণ্টার মধ্যে দাফন-কাফন ও পরিবারের খরচ দেয়।' },
  'senior-monthly-income': { title: 'প্রবীণ মাসিক আয় প্ল্যান', shortDetails: 'নিশ্চিত মাসিক আয়, সাথে পরিবারের জন্য জীবন বিমা।' },
  'madhumeho-care-plan': { title: 'মধুমেহ কেয়ার প্ল্যান', shortDetails: 'ডায়াবেটিসে আক্রান্তদের জন্য বিশেষভাবে তৈরি জীবন বিমা।' },
  'shurokkha-term-shield': { title: 'সুরক্ষা টার্ম শিল্ড', shortDetails: 'চাকরিজীবীদের জন্য সবচেয়ে কম প্রিমিয়ামে বিশুদ্ধ জীবন বিমা।' },
  'nirapod-family-protector': { title: 'নিরাপদ পরিবার সুরক্ষা', shortDetails: 'পরিবারের প্রধান উপার্জনকারীর জন্য সুরক্ষা, পরিবার পাবে মাসিক আয়।' },
  'probashi-term-plan': { title: 'প্রবাসী টার্ম প্ল্যান', shortDetails: 'বিদেশে কর্মরত বাংলাদেশিদের জন্য: যে দেশেই থাকুন, সুরক্ষা সঙ্গে থাকে।' },
  'krishok-life-cover': { title: 'কৃষক জীবন বিমা', shortDetails: 'কৃষকদের জন্য সাশ্রয়ী জীবন বিমা, প্রিমিয়াম প্রতি ফসল তোলার পর।' },
  'home-loan-protector': { title: 'গৃহঋণ সুরক্ষা', shortDetails: 'আপনি না থাকলে আপনার গৃহঋণ পরিশোধ করে দেয়।' },
  'tarunno-young-professional': { title: 'তারুণ্য ইয়াং প্রফেশনাল প্ল্যান', shortDetails: 'আগে শুরু করুন, কম প্রিমিয়াম ধরে রাখুন, আয় বাড়লে সুরক্ষাও বাড়ান।' },
  'uddokta-business-shield': { title: 'উদ্যোক্তা ব্যবসা সুরক্ষা', shortDetails: 'ক্ষুদ্র ও মাঝারি ব্যবসার মালিক ও অংশীদারদের জন্য সুরক্ষা।' },
  'joya-womens-term-plan': { title: 'জয়া নারী টার্ম প্ল্যান', shortDetails: 'কর্মজীবী নারীদের জন্য জীবন বিমা, জটিল রোগের সুরক্ষাসহ।' },
};
