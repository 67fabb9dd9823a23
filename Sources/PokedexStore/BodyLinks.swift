import LocalDatabase
import SQLiteDatabase

/// Links read from stored bodies themselves, for what no typed table keeps the URL of: the
/// moves, forms, games and places a Pokémon's entry displays, which a partial sync takes.
extension PokeAPIResource.Link {
    /// Where in a body the linked `{name, url}` objects are.
    enum BodyPlace {
        /// Under `keys` of the elements the JSON paths walk down to, each path read in the
        /// element the one before gave (`["$.moves", "$.version_group_details"]`; `$` for a
        /// body that is an array), or, with no keys, those elements themselves. The condition
        /// may name the last element `e`.
        case elements([String], keys: [String])
        /// Under `keys` at any depth of the body (an evolution chain's nested conditions).
        case anywhere(keys: [String])
    }

    /// The objects at `place` in the stored bodies of `from`'s entries whose ids are bound as
    /// `?1` (or of every stored one when it is NULL), kept where `condition`, SQL over the
    /// body's row `b` and the element `e`, holds. Bodies are read with `sqlar_uncompress`,
    /// which ``ResourceLinks`` defines on its connection.
    static func inBodies(
        of from: PokeAPIResource, at place: BodyPlace, where condition: String = "1"
    ) -> PokeAPIResource.Link {
        inBodies(of: from.kind, tables: from.tables, at: place, where: condition)
    }

    /// As above, for a kind kept in the shared tables, named rather than referred to: the
    /// versions and their groups link each other.
    static func inBodies(
        ofShared kind: String, at place: BodyPlace, where condition: String = "1"
    ) -> PokeAPIResource.Link {
        inBodies(of: PokeAPIKind(kind), tables: .shared(kind: kind, named: true), at: place, where: condition)
    }

    private static func inBodies(
        of kind: PokeAPIKind, tables: ResourceTables, at place: BodyPlace, where condition: String
    ) -> PokeAPIResource.Link {
        var sources = ["\(tables.jsonTable) AS b"]
        var parent = "CAST(sqlar_uncompress(b.body, b.body_size) AS TEXT)"
        let keys: [String]
        switch place {
        case .elements(let paths, let objectKeys):
            for (offset, path) in paths.enumerated() {
                let alias = offset == paths.count - 1 ? "e" : "e\(offset)"
                sources.append("json_each(\(parent), '\(path)') AS \(alias)")
                parent = "\(alias).value"
            }
            keys = objectKeys
            if !keys.isEmpty { sources.append("json_each(\(parent)) AS t") }
        case .anywhere(let objectKeys):
            sources.append("json_tree(\(parent)) AS t")
            keys = objectKeys
        }
        // The linked object: under one of `keys`, or the element itself.
        let object = keys.isEmpty ? "e" : "t"
        let keyCondition = keys.isEmpty ? "" : "t.key IN (\(keys.map { "'\($0)'" }.joined(separator: ", "))) AND "
        let kindCondition = tables.scope.kind == nil ? "" : "b.kind = ?2 AND "
        return PokeAPIResource.Link(
            from: kind,
            sql: """
                SELECT DISTINCT json_extract(\(object).value, '$.name'), json_extract(\(object).value, '$.url')
                FROM \(sources.joined(separator: ", "))
                WHERE \(kindCondition)(?1 IS NULL OR b.\(tables.key) IN (SELECT value FROM json_each(?1)))
                  AND \(keyCondition)\(object).type = 'object'
                  AND json_extract(\(object).value, '$.url') IS NOT NULL AND (\(condition))
                """,
            parameters: tables.scope.parameters)
    }
}
