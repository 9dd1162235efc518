/** A message through the contact form (issue 29): the spec's three required fields. */
import { z } from './zod.ts';
import { cleanParagraphs, cleanRequiredLine, hasVisibleText } from './text.ts';

export const supportMessageBody = z.object({
  name: cleanRequiredLine('Name is required', 120, 'Name is too long'),
  email: z.email({ error: 'Please enter a valid email address' }).trim().max(254, 'Email is too long'),
  // Shown to admins: cleaned like every text others read, its line breaks kept.
  message: z
    .string({ error: 'Message is required' })
    .transform((text) => cleanParagraphs(text).trim())
    .pipe(z.string().refine(hasVisibleText, 'Message is required').max(5000, 'Message is too long (at most 5,000 characters)')),
});
export type SupportMessageBody = z.infer<typeof supportMessageBody>;
