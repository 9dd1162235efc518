/**
 * The shared form schemas (edge-api/src/schemas) and the API's `fields` answer word their
 * messages in English, the spec's wording: the same text on server and form, a stable key. On a
 * Bangla page each known message is shown in Bangla; one not listed shows as written.
 */
import { readLapsedOnEvent } from 'edge-api/src/schemas/claim-lapse-message.ts';
import { formatDate } from './format.ts';
import { currentLocale, t, type MessageId } from './runtime.ts';

const messages: Record<string, MessageId> = {
  'Age is required': 'field.ageRequired',
  'Date of birth is required': 'eligibility.dateOfBirthRequired',
  'Please enter a real date of birth (year-month-day)': 'eligibility.dateOfBirthInvalid',
  'Date of birth cannot be in the future': 'eligibility.future',
  // Insurance claims (edge-api/src/schemas/claim.ts).
  'Please enter an 11-digit bKash or Nagad number starting with 01': 'field.claimWallet',
  'Please enter the bank account number (digits only)': 'field.claimBankAccount',
  'Please enter the name of the bank': 'field.claimBankName',
  'The date of the event is required': 'field.claimEventDate',
  // Issue 47: the claim's dates and the nominee's NID (edge-api/src/schemas/claim.ts, commands/claims.ts).
  'Please enter a real date for the event (year-month-day)': 'field.claimEventDateReal',
  'The date of the event cannot be in the future': 'field.claimEventFuture',
  'The date of the event cannot be before the policy started': 'field.claimEventBeforeStart',
  "A maturity claim can be filed only once the policy's term has ended": 'field.claimMaturityEarly',
  "Please enter your own NID number: the nominee's NID as on the policy": 'field.claimantNidRequired',
  "This NID is not the nominee's NID on this policy. Please check it: only the nominee named on the policy can file as the nominee.": 'field.claimNotNominee',
  'Policy number is required': 'field.claimPolicyNumber',
  'Content is required': 'field.contentRequired',
  'Coverage range is required': 'field.coverageRequired',
  'Coverage range must be a whole number': 'field.coverageWhole',
  'Coverage range must be more than 0': 'field.coveragePositive',
  'District is required': 'field.districtRequired',
  'Please choose a district from the list': 'field.districtUnknown',
  'Email is required': 'field.emailRequired',
  'Image is required': 'field.imageRequired',
  // A chosen picture (edge-api/src/schemas/image.ts), on the device and from POST /uploads.
  'Please upload an image file (jpg, png, etc.)': 'field.imageNotAnImage',
  'Maximum size is 10MB': 'field.imageTooLarge',
  'Maximum age must be at least the minimum age': 'field.agesOrder',
  'NID is required': 'field.nidRequired',
  'NID must be a number (digits only)': 'field.nidDigits',
  // Issue 47: the application's NIDs (edge-api/src/schemas/person.ts, application.ts).
  'Please enter a Bangladeshi NID number: 10, 13 or 17 digits': 'field.bdNid',
  "Nominee's NID is required": 'field.nomineeNidRequired',
  'Name is required': 'field.nameRequired',
  'Password is required': 'field.passwordRequired',
  'Password must be at least 6 characters': 'field.passwordShort',
  'Passwords do not match.': 'field.passwordsDiffer',
  'Please enter a valid email address': 'field.emailInvalid',
  'Please enter a valid phone number': 'field.phoneInvalid',
  'Please enter a Bangladeshi mobile number: 01 and 9 more digits (01712345678), with or without +880': 'field.bdMobile',
  'Phone is required': 'field.phoneRequired',
  // Issue 50: phone sign-in, one-time codes and password resets (edge-api/src/schemas/phone-accounts.ts, routes/phone-auth.ts).
  'Mobile number is required': 'field.mobileRequired',
  'Enter the 6-digit code from the SMS': 'field.codeFormat',
  'This code is not right, or it has expired. Check the SMS, or ask for a new code.': 'field.codeRefused',
  'This number is already confirmed on another account.': 'field.numberTaken',
  'This reset link does not work any more. Please ask for a new one.': 'field.resetLinkDead',
  'An account with this email already exists.': 'field.emailTaken',
  'Address is required': 'field.addressRequired',
  'Description is required': 'field.descriptionRequired',
  'Nominee name is required': 'field.nomineeRequired',
  'Please choose a policy': 'field.policyRequired',
  'Relationship is required': 'field.relationshipRequired',
  'Short details is required': 'field.shortDetailsRequired',
  'Title is required': 'field.titleRequired',
  'Your current password is required': 'field.currentPasswordRequired',
  'Minimum age is required': 'field.minAgeRequired',
  'Maximum age is required': 'field.maxAgeRequired',
  'Category is required': 'field.categoryRequired',
  'Duration is required': 'field.durationRequired',
  'Base premium is required': 'field.basePremiumRequired',
  'Please get a quote first: the estimated premium comes from it.': 'apply.noQuote',
};

/** A schema's or the server's message for a field, in the page's language when it is a known one. */
export function fieldMessage(message: string): string {
  // Issue 49: a claim refused for an event after the lapse names its days; said with them.
  const lapse = currentLocale() === 'en' ? null : readLapsedOnEvent(message);
  if (lapse) return t('field.claimPolicyLapsed', { lapsed: formatDate(`${lapse.lapsedOn}T12:00:00Z`), due: formatDate(`${lapse.unpaidDueOn}T12:00:00Z`) });
  const id = messages[message];
  return id && currentLocale() !== 'en' ? t(id) : message;
}
