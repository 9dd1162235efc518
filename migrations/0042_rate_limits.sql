-- Per-client request counts in fixed windows ('<limit>:<client address>'), one upsert per
-- limited request, the same on SQLite and D1 (decision 0010). window_start is epoch ms.
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY,
  window_start INTEGER NOT NULL,
  hits INTEGER NOT NULL
);

-- The upload quota sums an account's images; the sweep of unused uploads looks for old ones.
CREATE INDEX images_owner ON images (owner_id);
CREATE INDEX images_created_at ON images (created_at);
