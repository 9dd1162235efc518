/**
 * Money is poisha everywhere it is stored or sent (issue 26, decision 0077): whole numbers,
 * 100 to the taka. People type taka; a form turns what was typed into poisha here, once,
 * before the shared schema checks it.
 */
import { typedNumber } from './digits.ts';

export const poishaPerTaka = 100;

/** ৳ (possibly with paisa) to poisha, rounded to the nearest poisha. */
export const takaToPoisha = (taka: number) => Math.round(taka * poishaPerTaka);

/** Poisha to taka, for an input a person edits in taka. */
export const poishaToTaka = (poisha: number) => poisha / poishaPerTaka;

/**
 * A form field's taka text ('20,00,000', '২০০০০০০', '1250.5') as poisha text for the schema; a
 * blank or something that is not a number is passed on unchanged, so the schema names the problem.
 */
export function typedTakaAsPoisha(text: string): string {
  const ascii = typedNumber(text);
  return /^-?\d+(\.\d+)?$/.test(ascii) ? String(takaToPoisha(Number(ascii))) : text;
}
