/**
 * Shared by the PWA (every Bangla text, lib/i18n/runtime.ts) and the API (its Bangla push texts).
 * Bangla case endings attach to the word they follow (issue 48): the catalogue writes
 * "{name}-এর" and "{name}-কে" because it cannot know the name, and a Bengali name then reads
 * "মিয়া-এর" where a person writes "মিয়ার". After a word in Bengali letters the genitive is
 * "র" after a vowel ("মিয়ার", "সুরক্ষার") and "ের" after a consonant ("করিমের", "শিল্ডের"), and
 * "কে" joins any word ("করিমকে"). After Latin letters, digits, a bracket or a quote the hyphen
 * stays, as Bangla writes loanwords and numbers ("SSLCommerz-এর", "০-এর").
 */

const inRanges = (code: number, ranges: readonly (readonly [number, number])[]) => ranges.some(([from, to]) => code >= from && code <= to);
/** Independent vowels (অ-ঔ), vowel signs (া-ৌ, ৗ) and the candrabindu (ঁ): the word ends in a vowel sound. */
const vowels = [[0x0981, 0x0981], [0x0985, 0x0994], [0x09be, 0x09c4], [0x09c7, 0x09c8], [0x09cb, 0x09cc], [0x09d7, 0x09d7]] as const;
/** Consonants (ক-হ, ৎ, ড় ঢ় য়), a nukta or a hasanta: the word ends in a consonant. */
const consonants = [[0x0995, 0x09b9], [0x09bc, 0x09bc], [0x09cd, 0x09ce], [0x09dc, 0x09dd], [0x09df, 0x09df]] as const;
const lastCode = (word: string) => word.charCodeAt(word.length - 1);
const endsInVowel = (word: string) => inRanges(lastCode(word), vowels);
const endsInConsonant = (word: string) => inRanges(lastCode(word), consonants);

/** `text` with each "-এর"/"-কে" after a Bengali letter joined to it. */
export function attachBanglaSuffixes(text: string): string {
  if (!text.includes('-এর') && !text.includes('-কে')) return text;
  return text.replace(/([\u0980-\u09FF]+)-(এর|কে)(?![\u0980-\u09FF])/g, (whole, word: string, suffix: string) => {
    if (suffix === 'কে') return endsInVowel(word) || endsInConsonant(word) ? `${word}কে` : whole;
    if (endsInVowel(word)) return `${word}র`;
    if (endsInConsonant(word)) return `${word}ের`;
    return whole;
  });
}
