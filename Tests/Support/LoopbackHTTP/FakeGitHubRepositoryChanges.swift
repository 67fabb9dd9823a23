import Foundation

/// Changes to the served repositories between syncs: edits, new issues, renames.
extension FakeGitHubBackend {
    func repository(_ fullName: String) -> FakeGitHubRepository {
        synchronized { entry(named: fullName).repository }
    }

    func touch(_ fullName: String, numbers: [Int], state: String?) {
        precondition(state == nil || state == "closed", "FakeGitHub.touch: state must be closed, not \(state ?? "")")
        synchronized {
            let entry = entry(named: fullName)
            let stamp = nextStamp()
            for number in numbers {
                guard let index = entry.indexByNumber[number] else {
                    preconditionFailure("FakeGitHub.touch: \(fullName) has no issue #\(number)")
                }
                var issue = entry.repository.issues[index]
                issue.updatedAt = GitHubTime.date(stamp)
                issue.title += " [edited]"
                if state == "closed" && issue.state != "closed" {
                    issue.state = "closed"
                    issue.closedAt = GitHubTime.date(stamp)
                    issue.stateReason = issue.isPullRequest ? nil : "completed"
                }
                entry.repository.issues[index] = issue
            }
            entry.invalidate()
        }
    }

    func createIssues(_ fullName: String, count: Int) -> [Int] {
        precondition(count >= 0, "FakeGitHub.createIssues: negative count")
        return synchronized {
            let entry = entry(named: fullName)
            guard count > 0 else { return [] }
            let stamp = nextStamp()
            let repository = entry.repository
            let generator = FakeGitHubIssueGenerator(
                seed: fnv1a64(Array(String(repository.id).utf8)), repositoryID: repository.id)
            let first = (repository.issues.map(\.number).max() ?? 0) + 1
            let numbers = Array(first..<first + count)
            for number in numbers {
                entry.repository.issues.append(
                    generator.freshIssue(number: number, created: stamp))
            }
            entry.reindex()
            return numbers
        }
    }

    func addRepository(_ repository: FakeGitHubRepository) {
        synchronized {
            let key = repository.fullName.lowercased()
            precondition(
                entries[repository.id] == nil && idByName[key] == nil,
                "FakeGitHub.addRepository: \(repository.fullName) is already served")
            entries[repository.id] = Entry(repository)
            idByName[key] = repository.id
        }
    }

    func addComments(_ fullName: String, numbers: [Int]) -> [Int64] {
        synchronized {
            let entry = entry(named: fullName)
            let stamp = nextStamp()
            var ids: [Int64] = []
            for number in numbers {
                guard let index = entry.indexByNumber[number] else {
                    preconditionFailure("FakeGitHub.addComments: \(fullName) has no issue #\(number)")
                }
                let id = (entry.repository.comments.map(\.id).max() ?? 6_000_000_000) + 1
                entry.repository.comments.append(
                    FakeGitHubComment(
                        id: id, issueNumber: number, author: .hubot, authorAssociation: "MEMBER",
                        body: "New reply \(id) to #\(number)", createdAt: GitHubTime.date(stamp)))
                entry.repository.issues[index].comments += 1
                entry.repository.issues[index].updatedAt = GitHubTime.date(stamp)
                ids.append(id)
            }
            entry.invalidate()
            return ids
        }
    }

    func editComments(_ fullName: String, ids: [Int64]) {
        synchronized {
            let entry = entry(named: fullName)
            let stamp = nextStamp()
            for id in ids {
                guard let index = entry.repository.comments.firstIndex(where: { $0.id == id }) else {
                    preconditionFailure("FakeGitHub.editComments: \(fullName) has no comment \(id)")
                }
                entry.repository.comments[index].body += " [edited]"
                entry.repository.comments[index].updatedAt = GitHubTime.date(stamp)
            }
            entry.invalidate()
        }
    }

    func deleteComments(_ fullName: String, ids: [Int64], bumpingIssues: Bool) {
        synchronized {
            let entry = entry(named: fullName)
            let stamp = nextStamp()
            for id in ids {
                guard let index = entry.repository.comments.firstIndex(where: { $0.id == id }) else {
                    preconditionFailure("FakeGitHub.deleteComments: \(fullName) has no comment \(id)")
                }
                let comment = entry.repository.comments.remove(at: index)
                if let issue = entry.indexByNumber[comment.issueNumber] {
                    entry.repository.issues[issue].comments -= 1
                    if bumpingIssues { entry.repository.issues[issue].updatedAt = GitHubTime.date(stamp) }
                }
            }
            entry.invalidate()
        }
    }

    func rename(_ fullName: String, to newFullName: String) {
        let parts = newFullName.split(separator: "/", omittingEmptySubsequences: false)
        precondition(
            parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty,
            "FakeGitHub.rename: \(newFullName) is not owner/name")
        synchronized {
            let entry = entry(named: fullName)
            let oldKey = entry.repository.fullName.lowercased()
            let newKey = newFullName.lowercased()
            if let holder = idByName[newKey], holder != entry.repository.id {
                preconditionFailure("FakeGitHub.rename: \(newFullName) is already served")
            }
            idByName[oldKey] = nil
            idByName[newKey] = entry.repository.id
            redirects[newKey] = nil
            if oldKey != newKey { redirects[oldKey] = entry.repository.id }
            entry.repository.owner = String(parts[0])
            entry.repository.name = String(parts[1])
            entry.invalidate()
        }
    }

    func update(_ fullName: String, _ change: (inout FakeGitHubRepository) -> Void) {
        synchronized {
            let entry = entry(named: fullName)
            var repository = entry.repository
            change(&repository)
            precondition(
                repository.id == entry.repository.id && repository.fullName == entry.repository.fullName,
                "FakeGitHub.update: id and name cannot change (use rename)")
            for issue in repository.issues {
                lastStamp = max(lastStamp, GitHubTime.seconds(issue.updatedAt))
            }
            entry.repository = repository
            entry.reindex()
        }
    }
}
