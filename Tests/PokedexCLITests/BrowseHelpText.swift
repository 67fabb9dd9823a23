extension GoldenHelp {
    /// `pokedex help browse`.
    static let browse = """
        OVERVIEW: A full-screen terminal app over the local database. The Pokédex: the
        list on the left (number, name, types), the entry 'show' prints on the right, in
        sections (Tab or 1-5). Type to search names in every stored language, with
        type:fire, gen:1, ability:static and learns:thunderbolt; Enter on an evolution
        or a type goes there, Esc or Backspace goes back, ? lists the keys, q quits.
        'browse issues' goes from the synced repositories to their issues (type to
        filter: words as --search, state:all, label:bug, author:LOGIN) to a thread.

        Read-only, never uses the network, and shows within a second what a sync commits
        meanwhile. Needs a terminal on standard input and output (exit 64 otherwise: use
        show, list, issues or issue) of at least 60×16.

        \(browseUsage)

        OPTIONS:
          --lang CODE             Names and texts in this language, by PokeAPI's code
                                  (en, fr, de, ja, zh-hant, …; default: $POKEDEX_LANG,
                                  else en); English where a text is missing.
        \(globalOptions)
        """

    /// The usage lines of `browse`.
    static let browseUsage = """
        Usage: pokedex browse [SEARCH] [--lang CODE]
               pokedex browse issues [OWNER/REPO] [--lang CODE]
        """
}
