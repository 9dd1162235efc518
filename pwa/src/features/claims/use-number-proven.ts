/**
 * Whether the number on an application is one its applicant proved with a code (issue 50,
 * GET /applications/:id's `phoneVerified`): the agent then knows an SMS about the decision
 * reaches them. Asked when the application is opened, online only; unknown (null) otherwise.
 */
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { useOnline } from '../../lib/use-online.ts';
import { useRequest } from '../../lib/use-request.ts';

async function fetchNumberProven(id: string, signal: AbortSignal): Promise<boolean> {
  const application = await answerOf(await api.applications[':id'].$get({ param: { id } }, { init: { signal } }));
  return application.phoneVerified;
}

export function useNumberProven(applicationId: string): boolean | null {
  const online = useOnline();
  const asked = useRequest((signal) => fetchNumberProven(applicationId, signal), [applicationId], online);
  return asked.status === 'ready' ? asked.data : null;
}
