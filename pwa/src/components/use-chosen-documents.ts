/**
 * The pictures a form has chosen (issue 27), kept so that none is lost whatever the timing
 * (issue 47, decision 0104). A picture is prepared in a worker for a moment after it is chosen,
 * and a person may choose the next one, or press Submit, before it is done. So:
 * - every change starts from the newest list, never from the list a field was drawn with: a
 *   field that rebuilt the list from the value it was drawn with overwrote the paper another
 *   field had just added;
 * - a submit takes the list once every picture chosen before it is prepared (`whenPrepared`),
 *   not the list drawn on screen at the tap.
 * `slotOf` gives one named paper's view of a form's list (a claim's papers: one field each).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { ChosenDocument } from '../lib/documents/pending.ts';

export type DocumentsChange = (current: ChosenDocument[]) => ChosenDocument[];

export interface ChosenDocuments {
  /** The list as this render shows it. */
  readonly list: ChosenDocument[];
  /** The newest list, changes not yet drawn included (for counting what a kind already has). */
  current(): ChosenDocument[];
  /** The bytes of the whole form's newest list (a slot's view counts its siblings too). */
  totalBytes(): number;
  /** Applies `update` to the newest list. */
  change(update: DocumentsChange): void;
  /** Counts `work` (a picture being prepared) until it settles; `whenPrepared` waits for it. */
  whilePreparing(work: Promise<void>): Promise<void>;
  /** The newest list once nothing chosen so far is still being prepared: what a submit sends. */
  whenPrepared(): Promise<ChosenDocument[]>;
  /** Removes what was sent (`sent`), keeping what was chosen since. */
  forget(sent: readonly ChosenDocument[]): void;
}

export function useChosenDocuments(): ChosenDocuments {
  const [list, setList] = useState<ChosenDocument[]>([]);
  // The list with every change applied, ahead of the render that draws it. Each change goes
  // through here, so it is the one source of truth and the state only draws it.
  const newest = useRef<ChosenDocument[]>([]);
  const inFlight = useRef(new Set<Promise<void>>());

  const change = useCallback((update: DocumentsChange) => {
    newest.current = update(newest.current);
    setList(newest.current);
  }, []);
  const whilePreparing = useCallback(async (work: Promise<void>) => {
    inFlight.current.add(work);
    try {
      await work;
    } finally {
      inFlight.current.delete(work);
    }
  }, []);
  const whenPrepared = useCallback(async () => {
    // A preparation may start while others finish (a second file of the same pick): wait until none is left.
    while (inFlight.current.size > 0) await Promise.allSettled([...inFlight.current]);
    return newest.current;
  }, []);

  return useMemo(
    () => ({
      list,
      current: () => newest.current,
      totalBytes: () => newest.current.reduce((sum, doc) => sum + doc.blob.size, 0),
      change,
      whilePreparing,
      whenPrepared,
      forget: (sent) => change((current) => current.filter((doc) => !sent.includes(doc))),
    }),
    [list, change, whilePreparing, whenPrepared],
  );
}

/** The part of a form's list that `inSlot` picks (one paper of a claim), changed in place within the whole. */
export function slotOf(whole: ChosenDocuments, inSlot: (doc: ChosenDocument) => boolean): ChosenDocuments {
  const change = (update: DocumentsChange) => whole.change((current) => [...current.filter((doc) => !inSlot(doc)), ...update(current.filter(inSlot))]);
  return {
    list: whole.list.filter(inSlot),
    current: () => whole.current().filter(inSlot),
    totalBytes: whole.totalBytes,
    change,
    whilePreparing: whole.whilePreparing,
    whenPrepared: async () => (await whole.whenPrepared()).filter(inSlot),
    forget: whole.forget,
  };
}
