-- GET /policies lists the whole catalogue newest first: the index gives that order without a sort.
CREATE INDEX policies_creation_date ON policies (creation_date DESC);
