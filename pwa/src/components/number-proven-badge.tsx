/**
 * Whether an applicant proved their number with a code (issue 50), for staff: an SMS about a
 * decision or a due reaches a proven number. Nothing when it is not known (an offline copy).
 * The screens give the words (texts of the signed-in screens, not loaded on public pages).
 */
export function NumberProvenBadge({ proven, words }: { proven: boolean | null | undefined; words: { proven: string; unproven: string } }) {
  if (proven === null || proven === undefined) return null;
  return <span className={`badge ${proven ? 'badge--success' : 'badge--warn'}`}>{proven ? words.proven : words.unproven}</span>;
}
