/**
 * The one support contact of the product: the Contact page shows it, and the FAQ's answer on
 * customer support (a row of migrations, 0070) says the same; edge-api/test/public-read.test.ts
 * holds the two together.
 */
export const supportContact = {
  phone: '+880 9612 345678',
  /** The phone number as a tel: link wants it (no spaces). */
  phoneHref: 'tel:+8809612345678',
  email: 'support@lifesure.example',
  hours: 'Saturday to Thursday, 9 am to 6 pm',
} as const;
