-- Step 38 (src/db.rs): the customer search index merges its segments only when asked, in bounded
-- steps (issue #50). FTS5's automatic merge ran inside the writes that added a segment: an
-- upload's piece that renamed a few hundred customers then took up to 1.4 s instead of 20 ms,
-- holding the write lock, while every agent's save waited. Segments are merged instead by
-- `customers::search_index::merge_step` (32 pages at a time) between an import's pieces and until
-- nothing is left after it; writes of a few rows still merge their small segments when sixteen
-- of them pile up (FTS5's crisis merge), which takes milliseconds.
INSERT INTO customers_fts (customers_fts, rank) VALUES ('automerge', 0);
