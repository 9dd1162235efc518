/**
 * Text people type, made safe to show to others (issue 24, finding 6): names and free text are
 * shown on agents' and admins' screens, so a customer must not be able to reverse them (U+202E),
 * hide them, or slip terminal and NUL characters into them. Pure functions and zod, shared by
 * the server's schemas and the PWA's forms.
 *
 * - normalised to NFC (one way to write 'é' or a Bengali vowel sign, so equal names compare equal);
 * - control characters (C0, DEL, C1) removed; in one-line text a tab or line break becomes a space;
 * - bidirectional embeddings, overrides, isolates and marks removed (U+202A-202E, U+2066-2069,
 *   U+200E/F, U+061C), and the byte-order mark; ZWJ and ZWNJ stay, Bengali needs them;
 * - refused as missing when nothing visible is left (spaces, zero-width and format characters,
 *   lone combining marks and fillers only).
 */
import { z } from './zod.ts';

// Ranges written as escapes: the characters themselves would be invisible in this file. Matching
// control characters is the point here, so the lint rule against them in patterns is off.
/* eslint-disable no-control-regex */
const lineBreaksAndTabs = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
const controls = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const oneLineControls = /[\u0000-\u001F\u007F-\u009F]/g;
/* eslint-enable no-control-regex */
const bidiControls = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;
/** Anything that leaves a mark on screen: not a space, format character, lone mark or filler. */
const visible = /[^\s\p{Z}\p{Cf}\p{M}\p{Cc}\u115F\u1160\u3164\uFFA0\u2800]/u;

/** One-line text (a name, a title): cleaned and trimmed. */
export function cleanLine(text: string): string {
  return text.normalize('NFC').replace(lineBreaksAndTabs, ' ').replace(oneLineControls, '').replace(bidiControls, '').trim();
}

/** Text of several lines (a blog post): line breaks and tabs kept, the rest cleaned; not trimmed. */
export function cleanParagraphs(text: string): string {
  return text.normalize('NFC').replace(/\r\n?/g, '\n').replace(controls, '').replace(bidiControls, '');
}

export const hasVisibleText = (text: string) => visible.test(text);

/** Required one-line text: cleaned, `required` when nothing visible is left, at most `max` characters. */
export const cleanRequiredLine = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .transform(cleanLine)
    .pipe(z.string().refine(hasVisibleText, required).max(max, tooLong));

/** Optional one-line text: cleaned; blank, absent or invisible becomes null. */
export const cleanOptionalLine = (notText: string, max: number, tooLong: string) =>
  z
    .string({ error: notText })
    .transform(cleanLine)
    .pipe(z.string().max(max, tooLong))
    .nullish()
    .transform((value) => (value && hasVisibleText(value) ? value : null));
