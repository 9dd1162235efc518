/**
 * A second application starts with what the first one said about the applicant (issue 48): the
 * address and the NID of the person's most recent application on this device (their own, synced
 * or waiting to send). Nothing else is carried: the nominee and the health declaration may differ.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { localDb } from '../../lib/local-db.ts';

export interface PreviousApplicant {
  address: string;
  nid: string;
}

/** undefined while reading; null when the person has no earlier application here. */
export function usePreviousApplicant(email: string | null): PreviousApplicant | null | undefined {
  return useLiveQuery(async () => {
    if (!email) return null;
    const own = await localDb.applications.filter((application) => application.userEmail.toLowerCase() === email.toLowerCase()).toArray();
    const latest = own.filter((application) => application.address && application.nid).sort((a, b) => b.appliedAt.localeCompare(a.appliedAt))[0];
    return latest ? { address: latest.address, nid: latest.nid } : null;
  }, [email]);
}
