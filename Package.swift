// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "pokedex",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "pokedex", targets: ["pokedex"]),
        .executable(name: "pokedex-sync", targets: ["pokedex-sync"]),
        .executable(name: "pokedex-serve", targets: ["pokedex-serve"]),
    ],
    targets: [
        // The system SQLite (libsqlite3-dev on Debian/Ubuntu); no pkg-config needed.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        // The system libpng (libpng-dev on Debian/Ubuntu, libpng from Homebrew).
        .systemLibrary(
            name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        // PNG bytes to RGBA pixels through libpng's simplified API; no Foundation.
        .target(name: "PNGDecoding", dependencies: ["CPNG"]),
        // The system libdeflate (libdeflate-dev on Debian/Ubuntu, libdeflate from Homebrew) and, on
        // it, the bodies' two codings: Content-Encoding undone once, and the compressed form the
        // store keeps (the server's own deflate stream when it sent one, framed as zlib). No
        // Foundation: queries read it.
        .systemLibrary(
            name: "CDeflate", path: "Sources/CDeflate", pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),
        .target(name: "BodyCoding", dependencies: ["CDeflate"]),
        // The system zlib (zlib1g-dev; the macOS SDK ships it), for tests only: a second
        // implementation that makes their compressed fixtures and reads what the store keeps
        // as sqlite3's sqlar_uncompress and Python's zlib do.
        .systemLibrary(
            name: "CZlib", path: "Tests/Support/CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // Images to terminal output (half blocks, kitty, iTerm2) and the choice of protocol from the
        // environment: pure functions, no I/O, no Foundation.
        .target(name: "TerminalImages", dependencies: ["PNGDecoding"]),

        // Migrations/*.sql become a generated Swift source at build time, so a release
        // binary copied alone still carries its schema (no resource bundle beside it).
        // Checksums too are computed then, so opening a database does not hash the schema.
        .target(name: "SHA256Digest"),
        // The NNNN_description.sql rule, shared by the embedder (a malformed name, a duplicate
        // or a gap fails the build) and the migrator (which refuses malformed names and
        // duplicates at run time).
        .target(name: "MigrationNames"),
        .executableTarget(
            name: "MigrationEmbedder", dependencies: ["CSQLite", "SHA256Digest", "MigrationNames"],
            path: "Sources/MigrationEmbedder"),
        .plugin(
            name: "EmbedMigrations",
            capability: .buildTool(),
            dependencies: ["MigrationEmbedder"],
            path: "Plugins/EmbedMigrations"
        ),
        .target(name: "Migrations", path: "Migrations", plugins: ["EmbedMigrations"]),

        // SQLite itself: connections, statements, typed errors, the migration runner. Knows
        // nothing of pokedex; the store's tables and queries are built on it.
        .target(name: "SQLiteDatabase", dependencies: ["CSQLite", "SHA256Digest", "MigrationNames"]),
        // Text a terminal and a log can show safely: folding, excerpts, slugs, credentials
        // redacted. No SQLite, no Foundation.
        .target(name: "TextUtilities"),
        // JSON written as bytes, keys in a fixed order: `--json` output and stored label lists.
        .target(name: "JSONOutput", dependencies: ["TextUtilities"]),
        // The defaults `pokedex sync` applies, shared by the engine and the query binary's help.
        .target(name: "SyncSettings"),
        // The pokedex database file: where it lives, opening it (writers migrate, readers
        // read-only), the writer lock, the run log and the raw bodies' stored form.
        .target(
            name: "LocalDatabase",
            dependencies: ["CSQLite", "SQLiteDatabase", "Migrations", "BodyCoding", "JSONOutput"]),
        // The GitHub issue mirror's tables and queries.
        .target(
            name: "IssueStore",
            dependencies: ["SQLiteDatabase", "LocalDatabase", "BodyCoding", "TextUtilities", "JSONOutput"]),
        // The Pokédex's tables and queries: PokeAPI resources, the entry `show` prints, images.
        .target(
            name: "PokedexStore",
            dependencies: ["SQLiteDatabase", "LocalDatabase", "BodyCoding", "TextUtilities", "JSONOutput"]),
        // The HTTP seam: requests, responses and fetch errors as values, and the transport
        // closure type. The engine and the libcurl transport both import it, and only it.
        .target(name: "HTTPTypes", dependencies: ["BodyCoding", "TextUtilities"]),
        .target(
            name: "PokedexSync",
            dependencies: [
                "PokedexStore", "IssueStore", "LocalDatabase", "SQLiteDatabase", "PNGDecoding", "BodyCoding",
                "HTTPTypes", "SyncSettings", "TextUtilities", "SHA256Digest",
            ]),
        // The system libcurl (libcurl4-openssl-dev on Debian/Ubuntu; the macOS SDK ships it) and
        // the sync binary's transport on it.
        .systemLibrary(
            name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]),
        .target(name: "CurlTransport", dependencies: ["CCurl", "HTTPTypes", "SyncSettings"]),
        // The system libmicrohttpd (libmicrohttpd-dev on Debian/Ubuntu, libmicrohttpd from
        // Homebrew) and, on it, an HTTP server knowing nothing of pokedex: requests and
        // responses as values, limits, content coding, CORS, the access log.
        .systemLibrary(
            name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]),
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "BodyCoding", "TextUtilities"]),
        // The database served as PokeAPI and GitHub's REST API: their routes over the stores.
        .target(
            name: "PokedexServe",
            dependencies: [
                "HTTPServer", "PokedexStore", "IssueStore", "LocalDatabase", "SQLiteDatabase", "BodyCoding",
                "JSONOutput", "TextUtilities",
            ]),
        // Two binaries, installed side by side: `pokedex` answers queries without loading libcurl
        // (its TLS, compression and name-service libraries: 29 shared objects, ≈4 ms of every
        // start) and hands `sync` to `pokedex-sync`, which links libcurl and FoundationEssentials
        // (never Foundation: no ICU, no URLSession) and can also run every other command.
        // `browse`'s terminal app: a screen of cells diffed frame to frame, keys and mouse decoded
        // from raw mode, the terminal restored on every way out, and the model and renderer as
        // pure functions of keys and data. No ncurses: it cannot draw kitty images or 24-bit colour
        // without special terminfo. Its data comes from PokedexCLI, which lays entries out as `show`.
        .target(name: "PokedexBrowse", dependencies: ["PokedexStore", "TerminalImages", "TextUtilities"]),
        .target(
            name: "PokedexCLI",
            dependencies: [
                "PokedexStore", "IssueStore", "LocalDatabase", "SQLiteDatabase", "PNGDecoding", "TerminalImages",
                "SyncSettings", "TextUtilities", "JSONOutput", "PokedexBrowse",
            ]),
        .target(
            name: "PokedexSyncCLI",
            dependencies: [
                "PokedexCLI", "PokedexSync", "HTTPTypes", "PokedexStore", "LocalDatabase", "SyncSettings",
                "TextUtilities",
            ]),
        .executableTarget(
            name: "pokedex", dependencies: ["PokedexCLI"],
            // The Swift runtime linked in: no search for its shared libraries at start-up. Not
            // position-independent: the loader then has no 24,000 relocations to apply to
            // the runtime's metadata (≈1 ms of every query). Release only: test bundles link
            // the executable's code and need the shared runtime.
            linkerSettings: [
                .unsafeFlags(
                    ["-static-stdlib", "-Xlinker", "-no-pie"],
                    .when(platforms: [.linux], configuration: .release))
            ]
        ),
        // Linked as `pokedex` is, with FoundationEssentials inside too (whose static archive
        // needs its two support libraries named): it runs where no Swift toolchain is installed.
        .executableTarget(
            name: "pokedex-sync",
            dependencies: ["PokedexSyncCLI", "PokedexSync", "CurlTransport", "HTTPTypes", "PokedexCLI"],
            linkerSettings: [
                .unsafeFlags(
                    ["-static-stdlib", "-Xlinker", "-no-pie", "-l_FoundationCollections", "-l_FoundationCShims"],
                    .when(platforms: [.linux], configuration: .release))
            ]
        ),

        // `pokedex serve` runs in a third binary: libmicrohttpd and GnuTLS, which it loads,
        // would add to every query's start in `pokedex` (docs/performance-notes.md).
        .target(
            name: "PokedexServeCLI", dependencies: ["PokedexCLI", "PokedexServe", "HTTPServer", "TextUtilities"]),
        .executableTarget(
            name: "pokedex-serve", dependencies: ["PokedexServeCLI", "PokedexCLI"],
            linkerSettings: [
                .unsafeFlags(
                    ["-static-stdlib", "-Xlinker", "-no-pie"], .when(platforms: [.linux], configuration: .release))
            ]
        ),

        // Test support: a loopback HTTP/1.1 server and a PokeAPI-like fixture service. The fakes
        // escape JSON strings with JSONOutput's escaper, so the project has one.
        .target(name: "LoopbackHTTP", dependencies: ["JSONOutput"], path: "Tests/Support/LoopbackHTTP"),
        // PokedexEntryFixture writes recorded PokeAPI bodies (Tests/Support/PokedexEntryBodies)
        // through the sync's own scanners and stores.
        .target(
            name: "TestSupport",
            dependencies: [
                "PNGTestSupport", "PokedexStore", "PokedexSync", "HTTPTypes", "LocalDatabase", "SQLiteDatabase",
            ],
            path: "Tests/Support/TestSupport"),
        // A PNG encoder for tests (stored zlib blocks, every colour type, Adam7) and the pixels
        // a decoder must produce from what it wrote.
        .target(name: "PNGTestSupport", dependencies: ["LoopbackHTTP"], path: "Tests/Support/PNGTestSupport"),
        .testTarget(
            name: "TerminalImagesTests",
            dependencies: ["TerminalImages", "PNGDecoding", "PNGTestSupport", "LoopbackHTTP"]),
        .testTarget(
            name: "PNGDecodingTests", dependencies: ["PNGDecoding", "PNGTestSupport", "LoopbackHTTP", "TestSupport"]),
        .testTarget(name: "BodyCodingTests", dependencies: ["BodyCoding", "CZlib"]),
        .testTarget(name: "SQLiteDatabaseTests", dependencies: ["SQLiteDatabase", "MigrationNames", "TestSupport"]),
        .testTarget(
            name: "PokedexStoreTests",
            dependencies: [
                "PokedexStore", "IssueStore", "LocalDatabase", "SQLiteDatabase", "SHA256Digest", "BodyCoding",
                "Migrations", "TextUtilities", "JSONOutput", "PokedexCLI", "CSQLite", "TestSupport",
            ]),
        .testTarget(
            name: "PokedexSyncTests",
            dependencies: [
                "PokedexSync", "CurlTransport", "HTTPTypes", "PokedexStore", "IssueStore", "LocalDatabase",
                "SyncSettings", "SQLiteDatabase", "BodyCoding", "LoopbackHTTP", "TestSupport",
            ]),
        .testTarget(
            name: "CurlTransportTests",
            dependencies: ["CurlTransport", "HTTPTypes", "PokedexSync", "BodyCoding", "LoopbackHTTP", "TestSupport"]),
        .testTarget(
            name: "PokedexCLITests",
            dependencies: [
                "PokedexCLI", "PokedexStore", "IssueStore", "LocalDatabase", "SQLiteDatabase", "PokedexSync",
                "HTTPTypes", "TextUtilities", "JSONOutput", "BodyCoding", "TestSupport",
            ]),
        .testTarget(
            name: "PokedexServeTests", dependencies: ["PokedexServe", "HTTPServer", "BodyCoding", "LoopbackHTTP"]),
        .testTarget(name: "PokedexBrowseTests", dependencies: ["PokedexBrowse", "PokedexStore", "TerminalImages"]),
        .testTarget(
            name: "EndToEndTests",
            // PokedexStore, IssueStore and CSQLite only to inspect files the binaries wrote (integrity
            // checks, a copy made through `serve` compared with its source).
            dependencies: [
                "LoopbackHTTP", "TestSupport", "PokedexStore", "IssueStore", "LocalDatabase", "TextUtilities",
                "SQLiteDatabase", "CSQLite",
                .target(name: "pokedex"),
                .target(name: "pokedex-sync"),
                .target(name: "pokedex-serve"),
            ]
        ),
    ]
)
