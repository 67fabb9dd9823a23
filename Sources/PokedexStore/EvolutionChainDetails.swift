import SQLiteDatabase

/// The fields of an `/evolution-chain/{id}` body that pokedex stores in columns.
public struct EvolutionChainDetails: Sendable, Equatable {
    public struct Member: Sendable, Equatable {
        public let speciesName: String
        public let speciesURL: String
        public let evolvesFrom: String?
        public let isBaby: Bool
        public let steps: [Step]
        public init(speciesName: String, speciesURL: String, evolvesFrom: String?, isBaby: Bool, steps: [Step]) {
            self.speciesName = speciesName
            self.speciesURL = speciesURL
            self.evolvesFrom = evolvesFrom
            self.isBaby = isBaby
            self.steps = steps
        }
    }

    /// One `evolution_details` entry: the conditions with a column (read back as they are
    /// stored: `EvolutionStep`), and the whole object.
    @dynamicMemberLookup
    public struct Step: Sendable, Equatable {
        public var conditions = EvolutionStep(trigger: nil)
        public var json: String
        public init(json: String) { self.json = json }

        public subscript<Value>(dynamicMember condition: WritableKeyPath<EvolutionStep, Value>) -> Value {
            get { conditions[keyPath: condition] }
            set { conditions[keyPath: condition] = newValue }
        }
    }

    public let id: Int
    public let babyTriggerItem: String?
    /// Depth-first, the root first.
    public let members: [Member]

    public init(id: Int, babyTriggerItem: String?, members: [Member]) {
        self.id = id
        self.babyTriggerItem = babyTriggerItem
        self.members = members
    }

    public var violation: String? {
        typealias L = ResourceLimits
        if let outside = L.outside("id", id, L.id) ?? L.outside("number of members", members.count, L.entries) {
            return outside
        }
        for member in members {
            if let outside = L.outside("number of evolution details", member.steps.count, L.entries) { return outside }
            for step in member.steps {
                let checks: [String?] = [
                    L.outside("min_level", step.minLevel, L.level),
                    L.outside("min_happiness", step.minHappiness, L.byte),
                    L.outside("min_affection", step.minAffection, L.byte),
                    L.outside("min_beauty", step.minBeauty, L.byte),
                    L.outside("gender", step.gender, 1...2),
                    L.outside("relative_physical_stats", step.relativePhysicalStats, -1...1),
                    L.outside("min_move_count", step.minMoveCount, L.count),
                    L.outside("min_steps", step.minSteps, L.count),
                    L.outside("min_damage_taken", step.minDamageTaken, L.count),
                ]
                if let outside = checks.lazy.compactMap({ $0 }).first { return outside }
            }
        }
        return nil
    }
}
