-- Issue 51 (docs/decisions/0109-servicing-photo-and-premium-mode.md): a nominee change carries a
-- photo of the new nominee's NID, sent after the request through the documents' resumable
-- upload with the request's own write (its Idempotency-Key) as the document's `write_id`. The
-- request keeps that key, so the staff deciding it, and the policy's history, find its photo.
ALTER TABLE service_requests ADD COLUMN write_id TEXT;
