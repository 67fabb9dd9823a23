import Foundation
import TestSupport
import Testing

/// The shells `pokedex completions` writes for, each run for real with the script loaded, as
/// pressing Tab runs it: bash's completion function called as readline calls it, fish's
/// `complete -C`, and zsh's completion system driven through a pseudo-terminal.
enum CompletionShell: String, CaseIterable, CustomStringConvertible {
    case bash, zsh, fish

    var description: String { rawValue }

    /// The shell's executable, when it is installed (.ci/install-packages installs all three).
    var executable: String? {
        ["/usr/bin/", "/bin/"].map { $0 + rawValue }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// What the shell offers at the end of each line (`pokedex show pi`, `pokedex --lang=`),
    /// `script` loaded, `pokedex` on the PATH the binary under test. zsh gives its matches as
    /// they would be inserted, quoted (`octo/rocket\#`): they are given back unquoted.
    func candidates(_ lines: [String], script: String, in directory: TemporaryDirectory) throws -> [[String]] {
        let shell = try #require(executable, "\(rawValue) is not installed: .ci/install-packages installs it")
        let scriptPath = directory.file("completion.\(rawValue)")
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let arguments: [String]
        switch self {
        case .bash:
            let program = directory.file("complete-lines.bash")
            try
                (Self.bashDriver
                + lines.map { "_complete_line " + Self.bashWords($0).map(Self.quoted).joined(separator: " ") }
                .joined(separator: "\n")).write(toFile: program, atomically: true, encoding: .utf8)
            arguments = ["--norc", "--noprofile", program, scriptPath]
        case .fish:
            let program = "source $argv[1]; for line in $argv[2..]; complete -C \"$line\"; echo '<end>'; end"
            arguments = ["--no-config", "-c", program, scriptPath] + lines
        case .zsh:
            let program = directory.file("complete-lines.zsh")
            try Self.zshDriver.write(toFile: program, atomically: true, encoding: .utf8)
            arguments = ["-f", program, scriptPath] + lines
        }
        let binaryDirectory = URL(fileURLWithPath: PokedexProcess.binaryPath).deletingLastPathComponent().path
        let result = try PokedexProcess.run(
            arguments, environment: ["PATH": binaryDirectory + ":/usr/bin:/bin", "HOME": directory.path],
            executable: shell)
        guard result.status == 0 else { throw Failed(shell: rawValue, status: result.status, stderr: result.stderr) }
        var groups: [[String]] = [[]]
        for line in result.stdout.split(separator: "\n") {
            if line == "<end>" {
                groups.append([])
            } else {
                // fish puts a description after a tab.
                let candidate = String(line.prefix { $0 != "\t" })
                groups[groups.count - 1].append(self == .zsh ? candidate.replacing("\\", with: "") : candidate)
            }
        }
        groups.removeLast()
        guard groups.count == lines.count else {
            throw Failed(shell: rawValue, status: result.status, stderr: result.stdout + result.stderr)
        }
        return groups
    }

    struct Failed: Error, CustomStringConvertible {
        let shell: String
        let status: Int32
        let stderr: String
        var description: String { "\(shell) exited \(status): \(stderr)" }
    }

    /// A line's words as bash gives them to a completion function: split at spaces, and at the
    /// `=` of `--name=value` (which is in COMP_WORDBREAKS), the `=` the last word when nothing
    /// follows it yet.
    static func bashWords(_ line: String) -> [String] {
        line.split(separator: " ", omittingEmptySubsequences: false).flatMap { word -> [String] in
            guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return [String(word)] }
            let value = word[word.index(after: equals)...]
            return [String(word[..<equals]), "="] + (value.isEmpty ? [] : [String(value)])
        }
    }

    private static func quoted(_ word: String) -> String {
        "'" + word.replacing("'", with: "'\\''") + "'"
    }

    /// Calls `_pokedex` as readline does, for the words given, and prints COMPREPLY.
    private static let bashDriver = #"""
        source "$1"
        # Outside readline compopt only complains; what it would set is not checked here.
        compopt() { :; }
        _complete_line() {
            COMP_WORDS=("$@")
            COMP_CWORD=$(($# - 1))
            COMP_LINE="$*"
            COMP_POINT=${#COMP_LINE}
            COMPREPLY=()
            _pokedex
            ((${#COMPREPLY[@]})) && printf '%s\n' "${COMPREPLY[@]}"
            echo '<end>'
        }

        """#

    /// An interactive zsh in a pseudo-terminal (zpty), with compinit and the script loaded:
    /// each line is typed and Tab pressed; compadd, wrapped, prints the matches it is given
    /// (the technique of zsh-capture-completion), and the line is cleared for the next.
    private static let zshDriver = #"""
        zmodload zsh/zpty || exit 2
        setup=${TMPDIR:-/tmp}/pokedex-complete-$$.zsh
        cat > $setup <<SETUP
        PROMPT=''
        unsetopt auto_list
        bindkey -e
        autoload -Uz compinit && compinit -u -D
        source ${(q)1}
        compadd() {
            if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "\$@"; return; fi
            local -a hits
            builtin compadd -A hits "\$@"
            (( \$#hits )) && print -r -- "<hits>\${(j:|:)hits}</hits>"
            builtin compadd "\$@"
        }
        _complete_and_mark() { zle complete-word; print -r -- '<done>' }
        zle -N _complete_and_mark
        bindkey '^I' _complete_and_mark
        print -r -- '<ready>'
        SETUP
        out=
        read_until() {
            local chunk
            out=
            integer deadline=$(( SECONDS + 30 ))
            while (( SECONDS < deadline )); do
                if zpty -r -t z chunk; then
                    out+=$chunk
                    [[ $out == *"$1"* ]] && return 0
                else
                    sleep 0.01
                fi
            done
            print -r -- "timed out waiting for $1: $out" >&2
            return 1
        }
        zpty z zsh -f -i
        zpty -w z "source ${(q)setup}"
        read_until '<ready>' || exit 3
        local hit
        for line in "${@[2,-1]}"; do
            zpty -w -n z "$line"$'\t'
            read_until '<done>' || exit 3
            for hit in ${(f)out}; do
                [[ $hit == *'<hits>'* ]] && print -rl -- ${(s:|:)${${hit#*<hits>}%%</hits>*}}
            done
            print -r -- '<end>'
            zpty -w -n z $'\C-u'
        done
        zpty -d z
        rm -f $setup
        """#
}
