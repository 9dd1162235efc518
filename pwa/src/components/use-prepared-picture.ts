/**
 * A form's one picture to upload (a profile photo, a policy picture): prepared as soon as it is
 * chosen (lib/picture-upload.ts, in a worker), so the form can say it is busy meanwhile and its
 * submit waits for it (`settled`). A file that is no image, or past 10 MB, is refused with the
 * spec's words before any work; one the browser cannot read, with the documents' words.
 */
import { useCallback, useRef, useState } from 'react';
import { imageFileProblem, notAnImageMessage } from 'edge-api/src/schemas/image.ts';
import { PrepareError } from '../lib/documents/prepare.ts';
import { fieldMessage } from '../lib/i18n/field-messages.ts';
import { pictureForUpload } from '../lib/picture-upload.ts';
import { pictureProblemText } from './picture-problem.ts';

export interface SettledPicture {
  /** What to upload: the prepared picture, or null when none is chosen or it was refused. */
  file: File | null;
  /** Why the chosen file was refused, in the person's language. */
  problem?: string;
}

async function settle(chosen: File | null): Promise<SettledPicture> {
  if (!chosen) return { file: null };
  const early = imageFileProblem(chosen);
  if (early) return { file: null, problem: fieldMessage(early) };
  try {
    return { file: await pictureForUpload(chosen) };
  } catch (error) {
    const problem = error instanceof PrepareError ? error.problem : 'unreadable';
    return { file: null, problem: problem === 'not-an-image' ? fieldMessage(notAnImageMessage) : pictureProblemText(problem) };
  }
}

export function usePreparedPicture() {
  const [state, setState] = useState<SettledPicture & { preparing: boolean }>({ file: null, preparing: false });
  const latest = useRef<Promise<SettledPicture>>(Promise.resolve({ file: null }));

  /** Starts preparing; the outcome, or null when another choice came meanwhile (this one is forgotten). */
  const choose = useCallback(async (chosen: File | null): Promise<SettledPicture | null> => {
    const work = settle(chosen);
    latest.current = work;
    setState({ file: null, preparing: chosen !== null });
    const result = await work;
    if (latest.current !== work) return null;
    setState({ ...result, preparing: false });
    return result;
  }, []);

  /** The latest choice once prepared (what a submit sends); waits for a choice made meanwhile too. */
  const settled = useCallback(async (): Promise<SettledPicture> => {
    let seen: Promise<SettledPicture>;
    do {
      seen = latest.current;
      await seen;
    } while (seen !== latest.current);
    return seen;
  }, []);

  return { ...state, choose, settled };
}
