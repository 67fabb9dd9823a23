-- What an item costs in each game: PokeAPI's item bodies give `prices` per version group
-- (`purchase_price`, `sell_price`, in Poké Dollars; 0 when the games do not sell it or buy it)
-- and no `cost`, which `item.cost` keeps only for bodies that still have one.
CREATE TABLE item_price (
    item_id        INTEGER NOT NULL REFERENCES item (id) ON DELETE CASCADE,
    version_group  TEXT    NOT NULL,
    purchase_price INTEGER,
    sell_price     INTEGER,
    PRIMARY KEY (item_id, version_group)
) STRICT, WITHOUT ROWID;

-- The stored items are read again by the next sync, nothing downloaded.
INSERT OR IGNORE INTO pokeapi_typing_pending (kind, id) SELECT kind, id FROM pokeapi_resource_json WHERE kind = 'item';
