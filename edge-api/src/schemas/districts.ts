/**
 * The 64 districts of Bangladesh (issue 48), so a district is chosen, not typed: one stored value
 * per district (its English name, as the government spells it since 2018), shown in the page's
 * language. Text typed before (a claim's or an agent request's district, an older device's queued
 * write) is read through `districtOf`, which knows the Bangla names and the older English
 * spellings (Chittagong, Comilla, Barisal, Jessore, Bogra...). Pure: the forms use it too.
 * docs/decisions/0106-one-name-per-thing-in-bangla.md.
 */
import { z } from './zod.ts';
import { cleanRequiredLine } from './text.ts';

export interface District {
  /** The stored value: the English name. */
  name: string;
  bn: string;
  /** Other spellings people type (older English names, Bangla variants). */
  also?: readonly string[];
}

/** By division (Dhaka, Chattogram, Rajshahi, Khulna, Barishal, Sylhet, Rangpur, Mymensingh). */
export const districts: readonly District[] = [
  { name: 'Dhaka', bn: 'ঢাকা' },
  { name: 'Faridpur', bn: 'ফরিদপুর' },
  { name: 'Gazipur', bn: 'গাজীপুর', also: ['গাজিপুর'] },
  { name: 'Gopalganj', bn: 'গোপালগঞ্জ', also: ['Gopalgonj'] },
  { name: 'Kishoreganj', bn: 'কিশোরগঞ্জ', also: ['Kishorganj', 'Kishoregonj'] },
  { name: 'Madaripur', bn: 'মাদারীপুর', also: ['মাদারিপুর'] },
  { name: 'Manikganj', bn: 'মানিকগঞ্জ', also: ['Manikgonj'] },
  { name: 'Munshiganj', bn: 'মুন্সিগঞ্জ', also: ['Munshigonj', 'মুন্সীগঞ্জ'] },
  { name: 'Narayanganj', bn: 'নারায়ণগঞ্জ', also: ['Narayangonj', 'নারায়নগঞ্জ'] },
  { name: 'Narsingdi', bn: 'নরসিংদী', also: ['Narshingdi', 'Narsindi', 'নরসিংদি'] },
  { name: 'Rajbari', bn: 'রাজবাড়ী', also: ['রাজবাড়ি'] },
  { name: 'Shariatpur', bn: 'শরীয়তপুর', also: ['শরিয়তপুর'] },
  { name: 'Tangail', bn: 'টাঙ্গাইল', also: ['টাঙাইল'] },
  { name: 'Bandarban', bn: 'বান্দরবান' },
  { name: 'Brahmanbaria', bn: 'ব্রাহ্মণবাড়িয়া', also: ['B. Baria', 'ব্রাহ্মনবাড়িয়া'] },
  { name: 'Chandpur', bn: 'চাঁদপুর' },
  { name: 'Chattogram', bn: 'চট্টগ্রাম', also: ['Chittagong', 'Chottogram', 'Ctg', 'চট্রগ্রাম', 'চিটাগাং'] },
  { name: 'Cumilla', bn: 'কুমিল্লা', also: ['Comilla'] },
  { name: "Cox's Bazar", bn: 'কক্সবাজার', also: ['Coxs Bazar', "Cox's Bazaar", 'Coxbazar', 'কক্স বাজার'] },
  { name: 'Feni', bn: 'ফেনী', also: ['ফেনি'] },
  { name: 'Khagrachhari', bn: 'খাগড়াছড়ি', also: ['Khagrachari'] },
  { name: 'Lakshmipur', bn: 'লক্ষ্মীপুর', also: ['Laxmipur', 'Lakhsmipur', 'লক্ষীপুর'] },
  { name: 'Noakhali', bn: 'নোয়াখালী', also: ['নোয়াখালি'] },
  { name: 'Rangamati', bn: 'রাঙ্গামাটি', also: ['Rangamati Hill', 'রাঙামাটি'] },
  { name: 'Bogura', bn: 'বগুড়া', also: ['Bogra'] },
  { name: 'Chapai Nawabganj', bn: 'চাঁপাইনবাবগঞ্জ', also: ['Chapainawabganj', 'Nawabganj', 'Chapai Nababganj', 'চাঁপাই নবাবগঞ্জ'] },
  { name: 'Joypurhat', bn: 'জয়পুরহাট', also: ['Jaipurhat'] },
  { name: 'Naogaon', bn: 'নওগাঁ', also: ['Noagaon'] },
  { name: 'Natore', bn: 'নাটোর' },
  { name: 'Pabna', bn: 'পাবনা' },
  { name: 'Rajshahi', bn: 'রাজশাহী', also: ['রাজশাহি'] },
  { name: 'Sirajganj', bn: 'সিরাজগঞ্জ', also: ['Sirajgonj'] },
  { name: 'Bagerhat', bn: 'বাগেরহাট' },
  { name: 'Chuadanga', bn: 'চুয়াডাঙ্গা', also: ['চুয়াডাঙা'] },
  { name: 'Jashore', bn: 'যশোর', also: ['Jessore'] },
  { name: 'Jhenaidah', bn: 'ঝিনাইদহ', also: ['Jhenidah', 'Jhenaidaha'] },
  { name: 'Khulna', bn: 'খুলনা' },
  { name: 'Kushtia', bn: 'কুষ্টিয়া' },
  { name: 'Magura', bn: 'মাগুরা' },
  { name: 'Meherpur', bn: 'মেহেরপুর' },
  { name: 'Narail', bn: 'নড়াইল' },
  { name: 'Satkhira', bn: 'সাতক্ষীরা', also: ['সাতক্ষিরা'] },
  { name: 'Barguna', bn: 'বরগুনা' },
  { name: 'Barishal', bn: 'বরিশাল', also: ['Barisal'] },
  { name: 'Bhola', bn: 'ভোলা' },
  { name: 'Jhalokati', bn: 'ঝালকাঠি', also: ['Jhalakathi', 'Jhalokathi', 'Jhalakati', 'ঝালকাঠী'] },
  { name: 'Patuakhali', bn: 'পটুয়াখালী', also: ['পটুয়াখালি'] },
  { name: 'Pirojpur', bn: 'পিরোজপুর' },
  { name: 'Habiganj', bn: 'হবিগঞ্জ', also: ['Hobiganj', 'Habigonj'] },
  { name: 'Moulvibazar', bn: 'মৌলভীবাজার', also: ['Moulvi Bazar', 'Maulvibazar', 'মৌলভী বাজার'] },
  { name: 'Sunamganj', bn: 'সুনামগঞ্জ', also: ['Sunamgonj'] },
  { name: 'Sylhet', bn: 'সিলেট' },
  { name: 'Dinajpur', bn: 'দিনাজপুর' },
  { name: 'Gaibandha', bn: 'গাইবান্ধা' },
  { name: 'Kurigram', bn: 'কুড়িগ্রাম' },
  { name: 'Lalmonirhat', bn: 'লালমনিরহাট' },
  { name: 'Nilphamari', bn: 'নীলফামারী', also: ['নীলফামারি'] },
  { name: 'Panchagarh', bn: 'পঞ্চগড়', also: ['Panchagar'] },
  { name: 'Rangpur', bn: 'রংপুর' },
  { name: 'Thakurgaon', bn: 'ঠাকুরগাঁও', also: ['ঠাকুরগাও'] },
  { name: 'Jamalpur', bn: 'জামালপুর' },
  { name: 'Mymensingh', bn: 'ময়মনসিংহ', also: ['Mymenshingh', 'Maimansingh'] },
  { name: 'Netrokona', bn: 'নেত্রকোণা', also: ['Netrakona', 'নেত্রকোনা'] },
  { name: 'Sherpur', bn: 'শেরপুর' },
];

/**
 * How a spelling is compared: one Unicode form (ড় and য় have two encodings), lower case, and
 * no spaces, apostrophes, dots, hyphens or a trailing "district"/"জেলা".
 * migrations/0275 does the same with SQL's replace() over `districtSpellings()`.
 */
export function spellingKey(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/(district|zila|zilla|জেলা)$/u, '')
    .replace(/[\s'’.-]/gu, '');
}

const byKey = new Map<string, District>();
for (const district of districts) {
  for (const spelling of [district.name, district.bn, ...(district.also ?? [])]) byKey.set(spellingKey(spelling), district);
}

/** The district some text names (the stored value, a Bangla name, an older spelling), or null. */
export function districtOf(text: string | null | undefined): District | null {
  if (!text) return null;
  return byKey.get(spellingKey(text)) ?? null;
}

/** Every known spelling's key and the district it names (the migration's table, and its test). */
export function districtSpellings(): [key: string, name: string][] {
  return [...byKey.entries()].map(([key, district]) => [key, district.name]);
}

export const districtRequired = 'District is required';
export const districtUnknown = 'Please choose a district from the list';

/**
 * A district as a request carries it: any known spelling, stored as the district's English name.
 * Cleaned like every line of text first (text.ts); text that names no district is refused (the
 * forms offer the list).
 */
export const districtField = cleanRequiredLine(districtRequired, 60, districtUnknown).transform((text, context) => {
  const district = districtOf(text);
  if (district) return district.name;
  context.addIssue({ code: 'custom', message: districtUnknown });
  return z.NEVER;
});
