/**
 * Bengali digits (০-৯, U+09E6-U+09EF) as ASCII digits: a number typed on a Bangla keyboard is
 * the same number (issue 25). Used by the shared field schemas, so the server stores ASCII and
 * the PWA's forms compute with it.
 */
const bengaliZero = 0x09e6;

export const asciiDigits = (text: string): string =>
  text.replace(/[\u09e6-\u09ef]/g, (digit) => String(digit.charCodeAt(0) - bengaliZero));

/** A number as typed: Bengali or ASCII digits, with the grouping commas people write (১০,০০,০০০). */
export const typedNumber = (text: string): string => asciiDigits(text).trim().replace(/(\d),(?=\d)/g, '$1');
