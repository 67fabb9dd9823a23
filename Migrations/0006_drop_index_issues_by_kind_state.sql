-- github_issue_newest (0005) serves every listing, the default one included (it walks newest
-- first and checks kind and state in its entries), so nothing plans with this index any more;
-- dropping it spares each synced issue one more index write.
DROP INDEX github_issue_by_created;
