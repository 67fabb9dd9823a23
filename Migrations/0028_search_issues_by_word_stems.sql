-- The issues' and comments' full-text indexes again, finding a word's other forms ("crash"
-- finds "crashes", "crashed"), as people expect a search to: the Porter stemmer before the
-- Unicode tokenizer, accents still folded. Their content tables are named as Datasette
-- recognises them (`content="…"`), so its search box searches them too. Built anew from the
-- stored rows; the triggers name the indexes, so they go on keeping them.
DROP TABLE github_issue_fts;
CREATE VIRTUAL TABLE github_issue_fts USING fts5 (
    title, body, content="github_issue", content_rowid="id",
    tokenize="porter unicode61 remove_diacritics 2"
);
INSERT INTO github_issue_fts (github_issue_fts) VALUES ('rebuild');

DROP TABLE github_comment_fts;
CREATE VIRTUAL TABLE github_comment_fts USING fts5 (
    body, content="github_comment", content_rowid="id",
    tokenize="porter unicode61 remove_diacritics 2"
);
INSERT INTO github_comment_fts (github_comment_fts) VALUES ('rebuild');
