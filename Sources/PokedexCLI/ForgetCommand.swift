import IssueStore
import LocalDatabase
import PokedexStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CommandRunner {
    /// `repos --forget NAME`: says what it removes, asks unless `confirmed`, then removes it
    /// all in one transaction under the writer lock.
    func forget(_ name: String, confirmed: Bool) throws {
        let path = try databasePath()
        guard FileSystem.exists(path) else { throw StoreError.noDatabase(path: path) }
        let lock = try WriterLock.acquire(forDatabase: path)
        defer { withExtendedLifetime(lock) {} }
        // The writers' upkeep: migrating may leave the learnsets' index to build (0025).
        let database = try LocalStore.openForWriting(path: path, upkeep: PokedexUpkeep.run)
        defer { LocalStore.closeWriter(database) }
        let archive = IssueArchive(database: database)
        let plan = try archive.forgetting(name)
        guard !plan.isEmpty else {
            throw CommandFailure(
                message: "nothing stored is named '\(name)': `pokedex repos` lists the stored repositories",
                exitCode: .notFound)
        }
        console.printError("this removes \(Self.described(plan)) from \(path)")
        if !confirmed {
            guard isatty(STDIN_FILENO) == 1 else {
                throw CommandFailure(
                    message: "repos --forget asks before it removes anything: pass --yes when no one is at a terminal",
                    exitCode: .usage)
            }
            console.writeError("remove? [y/N] ")
            guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                console.printError("nothing removed")
                return
            }
        }
        try archive.forget(plan)
        console.printError("removed \(Self.described(plan))")
    }

    /// "acme/rocket (500 issues, 20 pull requests, 1204 comments), the owner acme and 3 sync runs".
    static func described(_ plan: ForgetPlan) -> String {
        var parts = plan.repositories.map { repository in
            let counts = repository.counts
            return "\(repository.fullName) (\(Quantities.counted(counts.issues, "issue")), "
                + "\(Quantities.counted(counts.pullRequests, "pull request")), "
                + "\(Quantities.counted(counts.comments, "comment")))"
        }
        if let owner = plan.owner { parts.append("the owner \(owner), no longer listed by a plain sync") }
        if plan.runs > 0 { parts.append(Quantities.counted(plan.runs, "sync run")) }
        guard parts.count > 1, let last = parts.popLast() else { return parts.joined() }
        return parts.joined(separator: ", ") + " and " + last
    }
}
