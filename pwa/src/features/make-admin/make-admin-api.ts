/** Make Admin's calls: who has an email (for the confirmation), the admins, and the role changes. */
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';

export interface Person {
  id: string;
  name: string;
  email: string;
  role?: string;
}

export async function findPerson(email: string, signal?: AbortSignal): Promise<Person> {
  return answerOf(await api.users[':email'].$get({ param: { email } }, { init: { signal } }));
}

export async function listAdmins(signal?: AbortSignal): Promise<Person[]> {
  const body = await answerOf(await api['make-admin'].admins.$get({}, { init: { signal } }));
  return body.items;
}

export async function makeAdmin(email: string): Promise<{ message?: string }> {
  return answerOf(await api['make-admin'].$put({ json: { email } }));
}

export async function demoteAdmin(email: string, role: 'user' | 'agent'): Promise<{ message?: string }> {
  return answerOf(await api['make-admin'].demote.$put({ json: { email, role } }));
}
