/**
 * Documents and photos on an application (issue 27): what kinds there are, how many of each,
 * and the limits. Pure, so the PWA checks a file before queueing it against the same numbers
 * the server enforces (edge-api/src/documents/).
 */
import { z } from './zod.ts';

export const documentKinds = ['nid-front', 'nid-back', 'photo', 'other', 'evidence'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** The kinds the applicant sends with the application; `evidence` comes with an agent's decision. */
export const applicationDocumentKinds = ['nid-front', 'nid-back', 'photo', 'other'] as const satisfies readonly DocumentKind[];

/** How many of each kind one application may carry. */
export const documentsPerKind: Record<DocumentKind, number> = {
  'nid-front': 1,
  'nid-back': 1,
  photo: 1,
  other: 5,
  evidence: 5,
};

export { documentLimits } from './document-limits.ts';

export const documentTooLargeMessage = (maxBytes: number) =>
  `This document is too large: at most ${Math.round(maxBytes / 1024)} KB after it is prepared on the phone.`;
export const documentQuotaMessage = (quotaBytes: number) =>
  `You have used your space for documents (${Math.floor(quotaBytes / 1024 / 1024)} MB).`;
export const documentCountMessage = (kind: DocumentKind) =>
  `This application already has ${documentsPerKind[kind] === 1 ? 'this document' : `${documentsPerKind[kind]} documents of this kind`}.`;
export const notADocumentImageMessage = 'Please upload a photo or a picture of the document (jpg, png, webp).';

export const maxDocumentNoteLength = 500;

/**
 * What the device tells the server when it creates an upload (tus `Upload-Metadata`): the kind,
 * the mutation id of the write the file belongs to, and the file's own key on the device.
 */
export const documentUploadMetadata = z.object({
  kind: z.enum(documentKinds, { message: 'Unknown kind of document' }),
  writeId: z.string().trim().min(1, 'The write this document belongs to is missing').max(100),
  fileKey: z.string().trim().min(1, 'The file key is missing').max(100),
  /** The agent's note on a decision's evidence (the same on each of its photos). */
  note: z.string().trim().max(maxDocumentNoteLength, `A note is at most ${maxDocumentNoteLength} characters`).optional(),
  /** On a claim: the required paper this photo shows (schemas/claim.ts requiredDocuments). */
  paper: z.string().trim().max(40).optional(),
});
export type DocumentUploadMetadata = z.infer<typeof documentUploadMetadata>;

/** One document as GET /api/applications/:id/documents lists it. */
export interface DocumentInfo {
  id: string;
  applicationId: string;
  kind: DocumentKind;
  writeId: string;
  fileKey: string;
  contentType: string;
  size: number;
  width: number;
  height: number;
  createdAt: string;
  /** Whose it is: the applicant, or the agent who decided (evidence). */
  ownerId: string;
  note: string | null;
  /** On a claim's documents: the claim, and the required paper the photo shows. */
  claimId?: string | null;
  paper?: string | null;
}
