/// The environment variables pokedex reads, as pokedex(1) lists them (a test holds them to
/// the README's table).
enum EnvironmentVariables {
    struct Entry: Sendable {
        /// Variables read together (the proxies), listed under one entry.
        let names: [String]
        let meaning: String
    }

    static let all = [
        Entry(names: ["POKEDEX_DB"], meaning: "The database file when --db is not given."),
        Entry(
            names: ["XDG_DATA_HOME"],
            meaning: "When it is an absolute path, the database is $XDG_DATA_HOME/pokedex/pokedex.sqlite."),
        Entry(names: ["HOME"], meaning: "Otherwise the database is ~/.local/share/pokedex/pokedex.sqlite."),
        Entry(
            names: ["POKEAPI_BASE_URL"],
            meaning: "PokeAPI's base URL when --pokeapi-url is not given; default https://pokeapi.co/api/v2."),
        Entry(
            names: ["GITHUB_API_URL"],
            meaning: "GitHub's API URL when --github-url is not given; default https://api.github.com "
                + "(Enterprise: https://HOST/api/v3)."),
        Entry(
            names: ["GITHUB_TOKEN"],
            meaning: "The GitHub token, sent to the API's own origin only and never printed or stored. "
                + "Without one GitHub allows 60 requests an hour."),
        Entry(names: ["GH_TOKEN"], meaning: "The token when GITHUB_TOKEN is not set."),
        Entry(
            names: ["POKEAPI_TOKEN"],
            meaning: "A token sent as Authorization: Bearer … to PokeAPI's own origin only (its lists, bodies and "
                + "images there), for a PokeAPI behind one, such as a pokedex serve --token-file; never printed or "
                + "stored."),
        Entry(
            names: ["POKEDEX_SERVE_TOKEN"],
            meaning: "The token pokedex serve requires (Authorization: Bearer …) when --token-file is not given."),
        Entry(
            names: ["POKEDEX_LANG"],
            meaning: "The display language when --lang is not given (PokeAPI's codes: en, fr, de, ja, zh-hant, "
                + "…, or a locale name such as $LANG's ja_JP.UTF-8); default en."),
        Entry(
            names: ["NO_COLOR"],
            meaning: "When set and not empty: no colour or bold (Error: included) unless --color always, and "
                + "show draws no sprite unless --image always."),
        Entry(
            names: ["TERM"], meaning: "dumb does what NO_COLOR does; other values help choose how sprites are drawn."),
        Entry(names: ["COLORTERM"], meaning: "truecolor or 24bit: text and sprites in 24-bit colour rather than 256."),
        Entry(
            names: ["TERM_PROGRAM", "KITTY_WINDOW_ID", "LC_TERMINAL", "TMUX"],
            meaning: "Which terminal (kitty, Ghostty, WezTerm, iTerm2) or multiplexer the sprite is drawn for."),
        Entry(
            names: ["COLUMNS"],
            meaning: "The width tables, entries and sprites are laid out for when standard output is not a terminal "
                + "(default 80)."),
        Entry(
            names: ["CURL_CA_BUNDLE", "SSL_CERT_FILE", "SSL_CERT_DIR"],
            meaning: "CA certificates trusted instead of the system's (a private CA)."),
        Entry(
            names: ["http_proxy", "https_proxy", "all_proxy", "no_proxy", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY"],
            meaning: "Proxies, as for the curl tool; upper-case HTTP_PROXY is ignored."),
    ]
}
