-- The product's questions in Bangla (issue 25), shown on Bangla pages; a question without them
-- shows its English text. Product content, not demo data (as 0006 and 0070).
ALTER TABLE faqs ADD COLUMN question_bn TEXT;
ALTER TABLE faqs ADD COLUMN answer_bn TEXT;
UPDATE faqs SET
  question_bn = 'আপনারা কী কী ধরনের বিমা দেন?',
  answer_bn = 'আমরা দিই টার্ম লাইফ বিমা, পঞ্চাশোর্ধ্বদের জন্য প্রবীণ প্ল্যান, আর সন্তানের পড়াশোনা ও ভবিষ্যৎ সুরক্ষিত রাখতে শিশু প্ল্যান। প্রতিটি প্ল্যানের বিমার অঙ্ক ও মেয়াদ আপনার প্রয়োজনমতো ঠিক করে নেওয়া যায়।'
WHERE id = 'faq-types';
UPDATE faqs SET
  question_bn = 'কীভাবে ক্লেইম করব?',
  answer_bn = 'সাইন ইন করে ড্যাশবোর্ডে "আমার পলিসি" খুলুন এবং আপনার দায়িত্বপ্রাপ্ত এজেন্টের সাথে যোগাযোগ করুন; তিনি ক্লেইম যাচাই করে অনুমোদন দেবেন। নেটওয়ার্ক দুর্বল হলেও এজেন্ট ক্লেইমের সিদ্ধান্ত দিতে পারেন; সিদ্ধান্ত আমাদের কাছে পৌঁছানোমাত্র আপনি দেখতে পাবেন।'
WHERE id = 'faq-claim';
UPDATE faqs SET
  question_bn = 'পলিসি কেনার পর কি তাতে পরিবর্তন আনা যায়?',
  answer_bn = 'হ্যাঁ। নমিনি, ঠিকানা বা বিমার অঙ্ক বদলাতে আমাদের গ্রাহকসেবা বা আপনার এজেন্টের সাথে যোগাযোগ করুন। কিছু পরিবর্তনে প্রিমিয়াম কমবেশি হতে পারে।'
WHERE id = 'faq-update';
UPDATE faqs SET
  question_bn = 'গ্রাহকসেবায় কীভাবে যোগাযোগ করব?',
  answer_bn = 'যোগাযোগ পৃষ্ঠা ব্যবহার করুন, support@lifesure.example-এ ইমেইল করুন অথবা শনি থেকে বৃহস্পতিবার, সকাল ৯টা থেকে সন্ধ্যা ৬টার মধ্যে +880 9612 345678 নম্বরে ফোন করুন।'
WHERE id = 'faq-support';
UPDATE faqs SET
  question_bn = 'আমার ব্যক্তিগত তথ্য কি আপনাদের কাছে নিরাপদ?',
  answer_bn = 'হ্যাঁ। আপনার তথ্য এনক্রিপ্ট করা সংযোগে পাঠানো হয়, পাসওয়ার্ড শুধু শক্তিশালী একমুখী হ্যাশ হিসেবে রাখা হয়, আর আপনার আবেদন দেখতে পারেন শুধু আপনি, আপনার দায়িত্বপ্রাপ্ত এজেন্ট ও আমাদের অ্যাডমিনরা।'
WHERE id = 'faq-data';
