import PokedexStore

extension JSONScanner {
    /// The learnset, or none when `moves` is valid JSON of another shape: a Pokémon's entry
    /// is stored whatever its moves look like; JSON that is not valid still refuses the body.
    mutating func learnsetOrNone() throws(JSONScanFailure) -> [LearnedMove] {
        try orSkipped { scanner throws(JSONScanFailure) in try scanner.learnset() } ?? []
    }

    /// A Pokémon body's `moves`: `[{"move": {name, url}, "version_group_details": [{
    /// "level_learned_at", "move_learn_method": {name, url}, "version_group": {name, url},
    /// "order"}]}]`, one ``LearnedMove`` per detail. A null `order` is none.
    mutating func learnset() throws(JSONScanFailure) -> [LearnedMove] {
        var learnset: [LearnedMove] = []
        try eachElement { scanner throws(JSONScanFailure) in
            var move: String?
            var details: [(versionGroup: String, method: String, level: Int, order: Int?)] = []
            try scanner.eachField { scanner, k throws(JSONScanFailure) in
                if scanner.key(k, is: "move") {
                    move = try scanner.namedResourceName()
                } else if scanner.key(k, is: "version_group_details") {
                    try scanner.eachElement { scanner throws(JSONScanFailure) in
                        details.append(try scanner.learnDetail())
                    }
                } else {
                    try scanner.skipValue()
                }
            }
            guard let move else { throw scanner.fail("learnset entry without move") }
            learnset += details.map {
                LearnedMove(
                    move: move, versionGroup: $0.versionGroup, method: $0.method, level: $0.level, order: $0.order)
            }
        }
        return learnset
    }

    private mutating func learnDetail() throws(JSONScanFailure) -> (
        versionGroup: String, method: String, level: Int, order: Int?
    ) {
        var versionGroup: String?, method: String?, level: Int?, order: Int?
        try eachField { scanner, k throws(JSONScanFailure) in
            if scanner.key(k, is: "version_group") {
                versionGroup = try scanner.namedResourceName()
            } else if scanner.key(k, is: "move_learn_method") {
                method = try scanner.namedResourceName()
            } else if scanner.key(k, is: "level_learned_at") {
                level = try scanner.int()
            } else if scanner.key(k, is: "order") {
                order = try scanner.optionalInt()
            } else {
                try scanner.skipValue()
            }
        }
        guard let versionGroup, let method, let level else {
            throw fail("learnset detail without version_group, move_learn_method or level_learned_at")
        }
        return (versionGroup, method, level, order)
    }
}
