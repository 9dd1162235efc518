/** Server-made ids: random, unguessable, URL-safe. */
export const newId = () => crypto.randomUUID();

/** A secret for a link (an unsubscribe link, say): 32 random bytes, base64url, 43 characters. */
export function newSecretToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The hex SHA-256 of a secret token: what the database keeps instead of the token. */
export async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
