/**
 * How many SMS parts a text costs. A text wholly in the GSM 03.38 alphabet goes as GSM-7: 160
 * characters in one part, 153 in each part of a longer one. Anything else (Bangla, most emoji)
 * goes as UCS-2: 70 in one part, 67 in each part of a longer one, counted in UTF-16 units, as
 * the handsets count them. Bangla messages are therefore kept short (sms/texts.ts).
 */

// The basic GSM 03.38 set; the extension set's characters cost two septets each.
const gsmBasic = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const gsmExtended = new Set('^{}\\[~]|€\f');

export interface SmsSize {
  encoding: 'gsm7' | 'ucs2';
  /** Septets (GSM-7) or UTF-16 units (UCS-2). */
  units: number;
  segments: number;
}

export function smsSize(text: string): SmsSize {
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (gsmBasic.has(char)) septets += 1;
    else if (gsmExtended.has(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return { encoding: 'gsm7', units: septets, segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
  const units = text.length;
  return { encoding: 'ucs2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}
