-- The five questions of the product (spec, home page section 6). Product content, not demo data.
INSERT INTO faqs (id, position, question, answer) VALUES
  ('faq-types', 1, 'What types of insurance do you offer?', 'We offer term life insurance, senior plans for people over fifty, and child plans that secure your children''s education and future. Each plan can be tailored in coverage and term.'),
  ('faq-claim', 2, 'How do I file a claim?', 'Sign in, open My Policies in your dashboard and contact your assigned agent, who reviews and clears the claim. Agents can clear claims even where the network is weak; you will see the decision as soon as it reaches us.'),
  ('faq-update', 3, 'Can I update my policy after purchase?', 'Yes. Contact our support team or your agent to change your nominee, address or coverage. Some changes may adjust your premium.'),
  ('faq-support', 4, 'How can I contact customer support?', 'Use the contact page, email support@lifesure.example or call +880 1700 000000, Saturday to Thursday, 9 am to 6 pm.'),
  ('faq-data', 5, 'Is my personal data safe with you?', 'Yes. Your data is sent over encrypted connections, passwords are stored only as strong one-way hashes, and only you, your assigned agent and our administrators can see your applications.');
