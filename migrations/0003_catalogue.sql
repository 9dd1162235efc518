CREATE TABLE policies (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  category TEXT NOT NULL CHECK (category IN ('Term Life', 'Senior', 'Child')),
  description TEXT NOT NULL,
  short_details TEXT NOT NULL DEFAULT '',
  min_age INTEGER NOT NULL,
  max_age INTEGER NOT NULL,
  coverage_range INTEGER NOT NULL,
  duration INTEGER NOT NULL CHECK (duration IN (3, 5, 7, 10)),
  base_premium INTEGER NOT NULL CHECK (base_premium IN (100000, 500000, 1000000)),
  image_url TEXT NOT NULL,
  creator_email TEXT NOT NULL DEFAULT 'anonymous',
  tracking_id TEXT NOT NULL,
  creation_date TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX policies_version ON policies (version);

-- What users really do with a policy, counted, never typed in. Kept apart from policies so
-- that a view does not bump the policy's sync version and re-send it to every client.
CREATE TABLE policy_stats (
  policy_id TEXT PRIMARY KEY REFERENCES policies (id) ON DELETE CASCADE,
  view_count INTEGER NOT NULL DEFAULT 0,
  application_count INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE blogs (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  author_id TEXT REFERENCES users (id) ON DELETE SET NULL,
  author_name TEXT NOT NULL,
  author_email TEXT NOT NULL COLLATE NOCASE,
  image_url TEXT,
  publish_date TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX blogs_version ON blogs (version);
CREATE INDEX blogs_publish_date ON blogs (publish_date DESC);

-- Product content, the same on every install (the five questions of the spec).
CREATE TABLE faqs (
  id TEXT PRIMARY KEY,
  position INTEGER NOT NULL,
  question TEXT NOT NULL,
  answer TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE newsletter_subscribers (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  created_at TEXT NOT NULL
);
