-- GET /policies/6 (the popular six) reads the top of this index instead of scoring and sorting
-- every policy. The expression must stay the one db/popular-policies.ts orders by.
CREATE INDEX policy_stats_popularity ON policy_stats ((view_count + 5 * application_count) DESC);
