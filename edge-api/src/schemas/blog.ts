/**
 * A blog post's request (spec section 5: title and content required). Content is plain text,
 * kept as written but for control and bidirectional characters. Pure zod: the Manage Blogs form checks with the same rules.
 */
import { z } from './zod.ts';
import { imageUrl, requiredText } from './fields.ts';
import { cleanParagraphs, hasVisibleText } from './text.ts';

const maxContent = 100_000;
/** Kept as written, but for control and bidirectional characters (text.ts). */
const content = z
  .string({ error: 'Content is required' })
  .transform(cleanParagraphs)
  .refine(hasVisibleText, 'Content is required')
  .refine((text) => text.length <= maxContent, `Content is too long (at most ${maxContent} characters)`);

const blogFields = {
  title: requiredText('Title', 200),
  content,
  image: imageUrl.nullish(),
};

export const blogInput = z.object(blogFields);
export type BlogInput = z.infer<typeof blogInput>;

export const blogPatch = z
  .object(blogFields)
  .partial()
  .refine((value) => value.title !== undefined || value.content !== undefined || value.image !== undefined, {
    message: 'Nothing to change',
  });
export type BlogPatch = z.infer<typeof blogPatch>;
