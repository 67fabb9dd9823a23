/// Names shown side by side that must tell their Pokémon apart: PokeAPI gives forms names
/// that others share (both Mega Meowstic are "Méga-Mistigrix" in French; Minior's seven
/// meteors are "メテノ (りゅうせいのすがた)"), so a shared name says its slug, which `show` takes.
enum DistinctNames {
    /// Each name, with its slug where another of `named` or one of `taken` has it too.
    static func of(_ named: [(name: String, slug: String)], besides taken: Set<String> = []) -> [String] {
        let counts = Dictionary(named.map { ($0.name, 1) }, uniquingKeysWith: +)
        return named.map { name, slug in
            counts[name, default: 0] > 1 || taken.contains(name) ? "\(name) (\(slug))" : name
        }
    }
}
