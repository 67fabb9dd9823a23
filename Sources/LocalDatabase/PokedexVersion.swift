/// pokedex's version, as `--version` prints it and `User-Agent` sends it.
public enum PokedexVersion {
    public static let current = "0.1.0"
    public static let userAgent = "pokedex/\(current) (+offline PokeAPI and GitHub issues mirror)"
}
