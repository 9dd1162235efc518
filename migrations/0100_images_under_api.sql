-- Uploaded pictures moved with the whole API under /api (docs/decisions/0006): rows that
-- point at the old /images/<name> address now point at /api/images/<name>. The update
-- triggers bump each row's version, so devices pick up the new address on their next pull.
UPDATE users SET photo_url = '/api' || photo_url WHERE photo_url LIKE '/images/%';
UPDATE policies SET image_url = '/api' || image_url WHERE image_url LIKE '/images/%';
UPDATE blogs SET image_url = '/api' || image_url WHERE image_url LIKE '/images/%';
