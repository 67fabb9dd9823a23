import JSONOutput
import SQLiteDatabase

/// `pokemon_image`: what the artwork phase of a sync writes, and what `artwork` and `show` read.
public struct PokemonImageStore {
    public let database: Database

    public init(database: Database) {
        self.database = database
    }

    // MARK: Writing

    /// The images of `kinds` that the stored bodies of these Pokémon (every one, when nil)
    /// link, in id order, with what is stored of each: fresh when stored or found missing
    /// from the same URL less than `maximumAgeSeconds` ago (never, when nil).
    public func wanted(kinds: [ImageKind], pokemonIDs: [Int]?, maximumAgeSeconds: Int?) throws -> [WantedImage] {
        var wanted: [WantedImage] = []
        let ids: SQLValue = pokemonIDs.map { .text(Self.jsonArray($0)) } ?? .null
        for kind in kinds {
            let column = kind.urlColumn
            wanted += try database.query(
                """
                SELECT p.id, p.\(column), CASE WHEN i.url = p.\(column) AND i.status = 'stored' THEN i.etag END,
                       coalesce(i.url = p.\(column) AND ? IS NOT NULL AND i.fetched_at > \(SQLTimestamp.nowShiftedByParameter), 0)
                FROM pokemon AS p
                LEFT JOIN pokemon_image AS i ON i.pokemon_id = p.id AND i.kind = ?
                WHERE p.\(column) IS NOT NULL AND (? IS NULL OR p.id IN (SELECT value FROM json_each(?)))
                ORDER BY p.id
                """,
                [
                    .int(maximumAgeSeconds), .text("-\(maximumAgeSeconds ?? 0) seconds"), .text(kind.rawValue), ids,
                    ids,
                ]
            ) { row in
                WantedImage(
                    pokemonID: row.int(0), kind: kind, url: row.text(1), etag: row.optionalText(2),
                    isFresh: row.bool(3))
            }
        }
        return wanted
    }

    /// Deletes the stored images of `kinds` whose Pokémon's detail body no longer links one.
    public func deleteUnlinked(kinds: [ImageKind]) throws {
        for kind in kinds {
            try database.run(
                """
                DELETE FROM pokemon_image WHERE kind = ? AND pokemon_id IN
                    (SELECT id FROM pokemon WHERE \(kind.urlColumn) IS NULL AND details_synced_at IS NOT NULL)
                """,
                [.text(kind.rawValue)])
        }
    }

    /// Opens a batch's transaction; `commitBatch` or `rollBackBatch` ends it.
    public func beginBatch() throws {
        try database.execute("BEGIN IMMEDIATE")
    }

    public func commitBatch() throws {
        try database.execute("COMMIT")
    }

    /// A no-op when none is open (SQLite may already have rolled back after an I/O error).
    public func rollBackBatch() {
        try? database.execute("ROLLBACK")
    }

    /// Stores a downloaded image over what was stored of its kind.
    public func store(_ image: DownloadedImage) throws {
        try database.run(
            """
            INSERT INTO pokemon_image (pokemon_id, kind, url, status, etag, content_type, byte_size, fetched_at, body)
            VALUES (?, ?, ?, 'stored', ?, ?, ?, \(SQLTimestamp.now), ?)
            ON CONFLICT (pokemon_id, kind) DO UPDATE SET
                url = excluded.url, status = excluded.status, etag = excluded.etag,
                content_type = excluded.content_type, byte_size = excluded.byte_size,
                fetched_at = excluded.fetched_at, body = excluded.body
            """,
            [
                .int(image.pokemonID), .text(image.kind.rawValue), .text(image.url), .string(image.etag),
                .text(image.contentType), .int(image.body.count), .blob(image.body[...]),
            ])
    }

    /// The stored image was confirmed current (304): its age restarts.
    public func confirm(pokemonID: Int, kind: ImageKind) throws {
        try database.run(
            "UPDATE pokemon_image SET fetched_at = \(SQLTimestamp.now) WHERE pokemon_id = ? AND kind = ?",
            [.int(pokemonID), .text(kind.rawValue)])
    }

    /// The image host has no image at `url` (404): remembered, replacing what was stored.
    public func markMissing(pokemonID: Int, kind: ImageKind, url: String) throws {
        try database.run(
            """
            INSERT INTO pokemon_image (pokemon_id, kind, url, status, fetched_at)
            VALUES (?, ?, ?, 'missing', \(SQLTimestamp.now))
            ON CONFLICT (pokemon_id, kind) DO UPDATE SET
                url = excluded.url, status = excluded.status, etag = NULL, content_type = NULL,
                byte_size = NULL, fetched_at = excluded.fetched_at, body = NULL
            """,
            [.int(pokemonID), .text(kind.rawValue), .text(url)])
    }

    // MARK: Reading

    /// Each kind's state for one Pokémon, in `ImageKind.allCases` order.
    public func states(pokemonID: Int) throws -> [StoredImageState] {
        try ImageKind.allCases.map { kind in
            try database.queryFirst(
                """
                SELECT p.\(kind.urlColumn), i.byte_size, i.status = 'missing' AND i.url = p.\(kind.urlColumn),
                       p.details_synced_at IS NOT NULL
                FROM pokemon AS p LEFT JOIN pokemon_image AS i ON i.pokemon_id = p.id AND i.kind = ?
                WHERE p.id = ?
                """,
                [.text(kind.rawValue), .int(pokemonID)]
            ) { row in
                StoredImageState(
                    kind: kind, linkedURL: row.optionalText(0), byteSize: row.optionalInt(1), isMissing: row.bool(2),
                    detailsStored: row.bool(3))
            } ?? StoredImageState(kind: kind, linkedURL: nil, byteSize: nil, isMissing: false, detailsStored: false)
        }
    }

    /// The stored PNG of this kind, exactly as received; nil when none is stored.
    public func body(pokemonID: Int, kind: ImageKind) throws -> [UInt8]? {
        try database.queryFirst(
            "SELECT body FROM pokemon_image WHERE pokemon_id = ? AND kind = ? AND status = 'stored'",
            [.int(pokemonID), .text(kind.rawValue)]
        ) { $0.bytes(0) }
    }

    /// Per kind: images stored and their bytes, then images found missing, for `status`.
    public func counts() throws -> [(String, Int)] {
        var counts: [(String, Int)] = []
        for kind in ImageKind.allCases {
            let (stored, bytes) =
                try database.queryFirst(
                    """
                    SELECT count(*), coalesce(sum(byte_size), 0) FROM pokemon_image
                    WHERE kind = ? AND status = 'stored'
                    """,
                    [.text(kind.rawValue)]
                ) { ($0.int(0), $0.int(1)) } ?? (0, 0)
            counts += [("\(kind.rawValue)_images", stored), ("\(kind.rawValue)_bytes", bytes)]
        }
        let missing =
            try database.queryFirst("SELECT count(*) FROM pokemon_image WHERE status = 'missing'") { $0.int(0) } ?? 0
        return counts + [("missing", missing)]
    }

    private static func jsonArray(_ ids: [Int]) -> String {
        JSONValue.array(ids.map { JSONValue.int($0) }).rendered()
    }
}
