-- Pictures uploaded before their smaller sizes were made at upload (0230) have none, and every
-- phone loads them whole. The housekeeping makes them, a few a run (lib/picture-size-backfill.ts,
-- decision 0086). Marked here: every picture without sizes, so also those of 0230's own uploads
-- that got none (a GIF, a small or a too large picture, a codec's failure), which are tried once
-- more and then left as they are. Pictures uploaded from now on are sized at upload (default 0).
ALTER TABLE images ADD COLUMN sizes_pending INTEGER NOT NULL DEFAULT 0;
UPDATE images SET sizes_pending = 1 WHERE widths = '';
CREATE INDEX images_sizes_pending ON images (created_at) WHERE sizes_pending = 1;
