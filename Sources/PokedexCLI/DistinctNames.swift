/// Names shown side by side that must tell their Pokémon apart: PokeAPI gives forms names
/// that others share (both Mega Meowstic are "Méga-Mistigrix" in French; Minior's seven
/// meteors are "メテノ (りゅうせいのすがた)"), so a shared name says its slug, which `show` takes.
enum DistinctNames {
    /// Each name, with its slug where another slug of `named` or one of `taken` has it too (one
    /// slug may come more than once: a move learnt at two levels).
    static func of(_ named: [(name: String, slug: String)], besides taken: Set<String> = []) -> [String] {
        let slugs = Dictionary(grouping: named, by: \.name).mapValues { Set($0.map(\.slug)).count }
        return named.map { name, slug in
            slugs[name, default: 0] > 1 || taken.contains(name) ? "\(name) (\(slug))" : name
        }
    }
}
