-- The FAQ's support answer named a phone number that the Contact page did not: both now give the
-- one support contact (edge-api/src/schemas/support-contact.ts). Product content, not demo data.
UPDATE faqs
SET answer = 'Use the contact page, email support@lifesure.example or call +880 9612 345678, Saturday to Thursday, 9 am to 6 pm.'
WHERE id = 'faq-support';
