-- Documents on an insurance claim (issues 27 and 31, docs/decisions/0084-claims.md "Still to
-- join"). Additive: a claim's papers and its agent's evidence are rows of the same `documents`
-- and `document_uploads` tables, under the claim's policy (application_id) and the claim's id;
-- `paper` is the required paper a claimant's photo stands for (schemas/claim.ts
-- requiredDocuments). Rows with no claim_id are an application's own documents, as before.
ALTER TABLE documents ADD COLUMN claim_id TEXT REFERENCES claims (id) ON DELETE CASCADE;
ALTER TABLE documents ADD COLUMN paper TEXT;
ALTER TABLE document_uploads ADD COLUMN claim_id TEXT REFERENCES claims (id) ON DELETE CASCADE;
ALTER TABLE document_uploads ADD COLUMN paper TEXT;
CREATE INDEX documents_claim ON documents (claim_id, created_at) WHERE claim_id IS NOT NULL;
