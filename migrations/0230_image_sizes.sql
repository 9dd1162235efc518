-- The smaller WebP copies made of an uploaded picture (edge-api/src/lib/picture-sizes.ts,
-- docs/decisions/0086-responsive-pictures.md): their widths, comma-separated ('' when none was
-- made: a GIF, a picture no wider than the smallest, or one that could not be made).
ALTER TABLE images ADD COLUMN widths TEXT NOT NULL DEFAULT '';
