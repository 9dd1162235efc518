/** The signed-in user's own profile and password (identity API: GET /auth/me, POST /auth/password). */
import type { ProfileUpdate } from 'edge-api/src/schemas/auth.ts';
import { ApiRequestError, answerOf, type ApiErrorBody } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { getMeta, setMeta } from '../../lib/local-db.ts';
import { awaitServerAnswer } from '../../lib/offline/answers.ts';
import { enqueue, signedInUser } from '../../lib/offline/queue.ts';
import { acceptSession, sessionStore, updateSessionUser } from '../../lib/session.ts';

async function fetchProfileOnline(signal?: AbortSignal) {
  const res = await api.auth.me.$get(undefined, { init: { signal } });
  return answerOf(res);
}

export type Profile = Awaited<ReturnType<typeof fetchProfileOnline>>;

const profileKey = (userId: string) => `profile:${userId}`;

/**
 * The profile from the server, kept on the device as it comes; without a network, the copy
 * last kept (so the page, and an edit queued offline, work offline too).
 */
export async function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  const userId = sessionStore.get().user?.id ?? '';
  try {
    const profile = await fetchProfileOnline(signal);
    await setMeta(profileKey(profile.id), profile);
    return profile;
  } catch (error) {
    if (error instanceof ApiRequestError) throw error;
    const kept = await getMeta<Profile>(profileKey(userId));
    if (kept) return kept;
    throw error;
  }
}

/**
 * Sends a profile edit through the outbox: online the server's answer comes back within moments
 * (a refusal is thrown with its field errors); offline it waits ('queued') and is sent when the
 * network returns, once (its mutation id).
 */
export async function saveProfile(change: ProfileUpdate): Promise<{ state: 'saved'; profile: Profile } | { state: 'queued' | 'slow' }> {
  const user = signedInUser();
  const queued = await enqueue(user, { type: 'profile.update', payload: change, summary: t('profile.outboxSummary'), targetId: user.id, preview: null });
  const answer = await awaitServerAnswer(queued.mutationId);
  if (answer.state === 'refused') throw new ApiRequestError(answer.status, answer.body as ApiErrorBody | null);
  if (answer.state === 'queued') return { state: answer.offline ? 'queued' : 'slow' };
  const profile = answer.body as Profile;
  await setMeta(profileKey(profile.id), profile);
  // The header and the menu name the person as they now are.
  updateSessionUser({ id: profile.id, email: profile.email, name: profile.name, role: profile.role, photoURL: profile.photoURL });
  return { state: 'saved', profile };
}

/** Sends a code by SMS to the number to add or change (issue 50). */
export async function requestNumberCode(phone: string): Promise<void> {
  await answerOf(await api.auth.phone.request.$post({ json: { phone } }));
}

/** The number proven with its code becomes the account's: the profile as it now is. */
export async function confirmNumber(phone: string, code: string): Promise<Profile> {
  const profile = await answerOf(await api.auth.phone.verify.$post({ json: { phone, code } }));
  await setMeta(profileKey(profile.id), profile);
  return profile;
}

/** SMS about premiums and decisions on or off (PUT /auth/sms); the codes a person asks for still come. */
export async function setPolicySms(wanted: boolean): Promise<void> {
  await answerOf(await api.auth.sms.$put({ json: { smsOptOut: !wanted } }));
}

/** A new photo goes through POST /uploads (the server's image checks), so it needs the network. */
export async function uploadPhoto(file: File): Promise<string> {
  const answer = await answerOf(await api.uploads.$post({ form: { image: file } }));
  return answer.url;
}

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Changes the password. The server ends every other sign-in and answers with a new session
 * for this device, which is taken at once so the next request needs no renewal.
 */
export async function changePassword(change: PasswordChange): Promise<{ message: string }> {
  const res = await api.auth.password.$post({ json: change });
  const answer = await answerOf(res);
  acceptSession(answer);
  return answer;
}
