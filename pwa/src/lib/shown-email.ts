/**
 * The email address a screen shows: an account made by mobile number (issue 50) has a stand-in
 * address that is no one's (`phone-…@phone.invalid`), and a person must never be shown it as theirs
 * or a customer's; such screens show the mobile number instead, or nothing.
 */
import { isDeliverable } from 'edge-api/src/schemas/phone-accounts.ts';

export const shownEmail = (email: string | null | undefined): string => (email && isDeliverable(email) ? email : '');
