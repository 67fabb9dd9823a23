/// Damage multipliers between types, computed as the `pokemon_defense` view computes them:
/// the product over the defender's types of each pair's multiplier (2, ½ or 0; 1 where the
/// table has no pair), so 4, 2, 1, ½, ¼ or 0.
public struct TypeMatchups: Sendable, Equatable {
    /// `type_damage`: attacking type → defending type → 2, 0.5 or 0.
    public let damage: [String: [String: Double]]

    public init(damage: [String: [String: Double]]) {
        self.damage = damage
    }

    public init(rows: [(attacking: String, defending: String, multiplier: Double)]) {
        var damage: [String: [String: Double]] = [:]
        for row in rows { damage[row.attacking, default: [:]][row.defending] = row.multiplier }
        self.damage = damage
    }

    /// What a move of `attacking` does to a Pokémon of `defending` types.
    public func multiplier(attacking: String, defending: [String]) -> Multiplier {
        var doubled = 0
        var halved = 0
        for type in defending {
            switch damage[attacking]?[type] {
            case 0?: return .immune
            case 2?: doubled += 1
            case 0.5?: halved += 1
            default: continue
            }
        }
        let net = doubled - halved
        return Multiplier(halvings: -net)
    }

    /// What every attacking type in `attackers` does to `defending`, grouped by multiplier
    /// (4×, 2×, ½×, ¼×, 0×; neutral left out), each group in `attackers`' order.
    public func defense(of defending: [String], attackers: [String]) -> [(Multiplier, [String])] {
        var groups: [Multiplier: [String]] = [:]
        for attacker in attackers {
            let multiplier = multiplier(attacking: attacker, defending: defending)
            if multiplier != .neutral { groups[multiplier, default: []].append(attacker) }
        }
        return Multiplier.shownOrder.compactMap { multiplier in groups[multiplier].map { (multiplier, $0) } }
    }

    /// A multiplier as a power of two (or zero), so it is exact and comparable.
    public enum Multiplier: Hashable, Sendable, Comparable {
        case immune
        /// 2^-halvings: 0 is 1×, -1 is 2×, 1 is ½×.
        case power(halvings: Int)

        public init(halvings: Int) { self = .power(halvings: halvings) }

        public static let neutral = Multiplier.power(halvings: 0)

        /// 4×, 2×, ½×, ¼×, 0×: how `show` lists weaknesses, resistances and immunities.
        public static let shownOrder: [Multiplier] = [
            .power(halvings: -2), .power(halvings: -1), .power(halvings: 1), .power(halvings: 2), .immune,
        ]

        public var value: Double {
            switch self {
            case .immune: return 0
            case .power(let halvings):
                var value = 1.0
                for _ in 0..<halvings.magnitude { value = halvings < 0 ? value * 2 : value / 2 }
                return value
            }
        }

        /// "4", "2", "1", "0.5", "0.25", "0": as `--json` keys it.
        public var key: String {
            switch self {
            case .immune: return "0"
            case .power(let halvings) where halvings <= 0: return String(1 << min(-halvings, 60))
            case .power:
                let text = String(value)
                return text
            }
        }

        /// "4×", "2×", "½×", "¼×", "0×".
        public var label: String {
            switch self {
            case .immune: return "0×"
            case .power(1): return "½×"
            case .power(2): return "¼×"
            default: return key + "×"
            }
        }

        public static func < (left: Multiplier, right: Multiplier) -> Bool { left.value < right.value }
    }
}
