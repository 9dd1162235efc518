-- The language a person chose (issue 25): 'en' or 'bn', NULL while they have not chosen. Every
-- device they sign in on follows it (it travels with the account in each pull, GET /sync).
ALTER TABLE users ADD COLUMN language TEXT CHECK (language IS NULL OR language IN ('en', 'bn'));
