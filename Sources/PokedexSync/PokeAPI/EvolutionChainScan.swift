import PokedexStore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension JSONScanner {
    mutating func evolutionChain() throws(JSONScanFailure) -> EvolutionChainDetails {
        var babyTrigger: String?, members: [EvolutionChainDetails.Member]?
        let identity = try resourceObject(named: false, localized: false) { scanner, k throws(JSONScanFailure) in
            if scanner.key(k, is: "baby_trigger_item") {
                babyTrigger = try scanner.optionalNamedResourceName()
            } else if scanner.key(k, is: "chain") {
                var flattened: [EvolutionChainDetails.Member] = []
                try scanner.chainLink(from: nil, into: &flattened)
                members = flattened
            } else {
                try scanner.skipValue()
            }
        }
        guard let members else { throw fail("missing \"chain\"") }
        return EvolutionChainDetails(id: identity.id, babyTriggerItem: babyTrigger, members: members)
    }

    /// One link, then the links it evolves to; ``JSONScanner/maximumDepth`` bounds the recursion.
    private mutating func chainLink(
        from parent: String?, into members: inout [EvolutionChainDetails.Member]
    ) throws(JSONScanFailure) {
        try beginObject()
        var species: NamedResource?, isBaby = false, steps: [EvolutionChainDetails.Step] = []
        // `evolves_to` may come before `species`: its links are scanned once the species is known.
        var children: [JSONScanner] = []
        var first = true
        while let k = try nextKey(&first) {
            if key(k, is: "species") {
                species = try namedResource()
            } else if key(k, is: "is_baby") {
                isBaby = try optionalBool() ?? false
            } else if key(k, is: "evolution_details") {
                steps = try evolutionSteps()
            } else if key(k, is: "evolves_to") {
                try beginArray()
                var f = true
                while try nextElement(&f) {
                    children.append(self)
                    try skipValue()
                }
            } else {
                try skipValue()
            }
        }
        guard let species else { throw fail("chain link without species") }
        members.append(
            EvolutionChainDetails.Member(
                speciesName: species.name, speciesURL: species.url, evolvesFrom: parent, isBaby: isBaby, steps: steps))
        for var child in children {
            try child.chainLink(from: species.name, into: &members)
        }
    }

    private mutating func evolutionSteps() throws(JSONScanFailure) -> [EvolutionChainDetails.Step] {
        try beginArray()
        var steps: [EvolutionChainDetails.Step] = []
        var first = true
        while try nextElement(&first) {
            var copy = self
            var step = EvolutionChainDetails.Step(json: try valueText())
            try copy.stepFields(&step)
            steps.append(step)
        }
        return steps
    }

    private mutating func stepFields(_ step: inout EvolutionChainDetails.Step) throws(JSONScanFailure) {
        try beginObject()
        var first = true
        while let k = try nextKey(&first) {
            if key(k, is: "trigger") {
                step.trigger = try optionalNamedResourceName()
            } else if key(k, is: "min_level") {
                step.minLevel = try optionalInt()
            } else if key(k, is: "item") {
                step.item = try optionalNamedResourceName()
            } else if key(k, is: "held_item") {
                step.heldItem = try optionalNamedResourceName()
            } else if key(k, is: "time_of_day") {
                step.timeOfDay = try optionalString().flatMap { $0.isEmpty ? nil : $0 }
            } else if key(k, is: "known_move") {
                step.knownMove = try optionalNamedResourceName()
            } else if key(k, is: "known_move_type") {
                step.knownMoveType = try optionalNamedResourceName()
            } else if key(k, is: "min_happiness") {
                step.minHappiness = try optionalInt()
            } else if key(k, is: "min_affection") {
                step.minAffection = try optionalInt()
            } else if key(k, is: "min_beauty") {
                step.minBeauty = try optionalInt()
            } else if key(k, is: "location") {
                step.location = try optionalNamedResourceName()
            } else if key(k, is: "gender") {
                step.gender = try optionalInt()
            } else if key(k, is: "needs_overworld_rain") {
                step.needsOverworldRain = try optionalBool()
            } else if key(k, is: "party_species") {
                step.partySpecies = try optionalNamedResourceName()
            } else if key(k, is: "party_type") {
                step.partyType = try optionalNamedResourceName()
            } else if key(k, is: "relative_physical_stats") {
                step.relativePhysicalStats = try optionalInt()
            } else if key(k, is: "trade_species") {
                step.tradeSpecies = try optionalNamedResourceName()
            } else if key(k, is: "turn_upside_down") {
                step.turnUpsideDown = try optionalBool()
            } else if key(k, is: "used_move") {
                step.usedMove = try optionalNamedResourceName()
            } else if key(k, is: "min_move_count") {
                step.minMoveCount = try optionalInt()
            } else if key(k, is: "min_steps") {
                step.minSteps = try optionalInt()
            } else if key(k, is: "min_damage_taken") {
                step.minDamageTaken = try optionalInt()
            } else if key(k, is: "near_special_rock") {
                step.nearSpecialRock = try optionalBool()
            } else if key(k, is: "needs_multiplayer") {
                step.needsMultiplayer = try optionalBool()
            } else if key(k, is: "region") {
                step.region = try optionalNamedResourceName()
            } else if key(k, is: "base_form") {
                step.baseForm = try optionalNamedResourceName()
            } else if key(k, is: "evolved_form") {
                step.evolvedForm = try optionalNamedResourceName()
            } else if key(k, is: "version_group") {
                step.versionGroup = try optionalNamedResourceName()
            } else {
                try skipValue()
            }
        }
    }
}
