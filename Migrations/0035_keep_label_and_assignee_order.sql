-- An issue's labels and assignees in the order GitHub sent them (its first assignee is the one
-- its `assignee` field names), which the two link tables lost: `position` counts from 0 in the
-- item's `labels` and `assignees` arrays. The issues stored before have theirs read from each
-- stored item by the next sync when it opens the file (their JSON is compressed, which SQL
-- cannot read), which then deletes the row; until then their rows sort by name, as before.
ALTER TABLE github_issue_label ADD COLUMN position INTEGER;
ALTER TABLE github_issue_assignee ADD COLUMN position INTEGER;

CREATE TABLE github_issue_link_order_pending (
    issue_id INTEGER PRIMARY KEY REFERENCES github_issue (id) ON DELETE CASCADE
) STRICT;

INSERT INTO github_issue_link_order_pending (issue_id)
SELECT issue_id FROM github_issue_label UNION SELECT issue_id FROM github_issue_assignee;
