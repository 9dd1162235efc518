/**
 * The IPN's signature as SSLCommerz documents it: the fields named in `verify_key`, plus
 * `store_passwd` = md5(store password), sorted by name, joined as `key=value&...`, and md5 of
 * that is `verify_sign`. MD5 is theirs, not our choice; Web Crypto has none, so a well-kept
 * hash library computes it on both runtimes.
 */
import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

const md5Hex = (text: string) => bytesToHex(md5(utf8ToBytes(text)));

export function sslcommerzSignature(fields: Record<string, string>, verifyKey: string, storePassword: string): string {
  const signed: Record<string, string> = {};
  for (const key of verifyKey.split(',')) {
    const value = fields[key];
    if (key !== '' && value !== undefined) signed[key] = value;
  }
  signed.store_passwd = md5Hex(storePassword);
  const text = Object.keys(signed)
    .sort()
    .map((key) => `${key}=${signed[key]}`)
    .join('&');
  return md5Hex(text);
}

/** Whether a notification's fields carry a valid signature (compared in constant time). */
export function hasValidSslcommerzSignature(fields: Record<string, string>, storePassword: string): boolean {
  const { verify_sign: sign, verify_key: key } = fields;
  if (!sign || !key) return false;
  const expected = sslcommerzSignature(fields, key, storePassword);
  if (expected.length !== sign.length) return false;
  let difference = 0;
  for (let i = 0; i < expected.length; i += 1) difference |= expected.charCodeAt(i) ^ sign.toLowerCase().charCodeAt(i);
  return difference === 0;
}
