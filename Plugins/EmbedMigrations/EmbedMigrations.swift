import PackagePlugin

/// Turns the `Migrations` target's `.sql` files into one generated Swift source, so the
/// schema is compiled into the binary. Because the `.sql` files belong to the target,
/// SwiftPM re-plans this command whenever one is added, edited or removed. Every file but
/// the target's Swift goes to the embedder, which fails the build on a name that is not
/// `NNNN_description.sql` (`0007_x.SQL` would otherwise be left out without a word).
@main
struct EmbedMigrations: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let sourceTarget = target as? SourceModuleTarget else { return [] }
        let migrations = sourceTarget.sourceFiles
            .filter { $0.url.pathExtension != "swift" }
            .map(\.url)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(migrations.count) migrations",
                executable: try context.tool(named: "MigrationEmbedder").url,
                arguments: [output.path()] + migrations.map { $0.path() },
                inputFiles: migrations,
                outputFiles: [output]
            )
        ]
    }
}
