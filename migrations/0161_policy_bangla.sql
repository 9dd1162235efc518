-- A policy's optional Bangla texts (issue 25): shown on Bangla pages, with the English as the
-- fallback while they are empty.
ALTER TABLE policies ADD COLUMN title_bn TEXT;
ALTER TABLE policies ADD COLUMN short_details_bn TEXT;
ALTER TABLE policies ADD COLUMN description_bn TEXT;
