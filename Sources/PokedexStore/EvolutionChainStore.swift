import SQLiteDatabase

/// The `evolution_chain` tables: what sync writes for the chains the species link to.
public struct EvolutionChainStore: ResourceTablesStore {
    public typealias Downloaded = DownloadedResource<EvolutionChainDetails>
    public var tables: ResourceTables { PokeAPIResources.evolutionChain.tables }
    public let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func saveDetails(_ downloaded: Downloaded) throws {
        let chain = downloaded.fields
        let id = SQLValue.int(chain.id)
        try database.run(
            "UPDATE evolution_chain SET baby_trigger_item = ? WHERE id = ?", [.string(chain.babyTriggerItem), id])
        try database.run("DELETE FROM evolution_step WHERE chain_id = ?", [id])
        try database.run("DELETE FROM evolution_chain_member WHERE chain_id = ?", [id])
        for (index, member) in chain.members.enumerated() {
            let position = SQLValue.int(index + 1)
            try database.run(
                """
                INSERT INTO evolution_chain_member (chain_id, position, species_name, species_url, evolves_from, is_baby)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
                [
                    id, position, .text(member.speciesName), .text(member.speciesURL), .string(member.evolvesFrom),
                    .bool(member.isBaby),
                ])
            for (detail, step) in member.steps.enumerated() {
                func bool(_ value: Bool?) -> SQLValue { value.map(SQLValue.bool) ?? .null }
                try database.run(
                    """
                    INSERT INTO evolution_step (chain_id, member_position, detail_position, trigger, min_level, item,
                        held_item, time_of_day, known_move, known_move_type, min_happiness, min_affection,
                        min_beauty, location, gender, needs_overworld_rain, party_species, party_type,
                        relative_physical_stats, trade_species, turn_upside_down, used_move, min_move_count,
                        min_steps, min_damage_taken, near_special_rock, needs_multiplayer, region, base_form,
                        evolved_form, version_group, details_json)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [
                        id, position, .int(detail + 1), .string(step.trigger), .int(step.minLevel),
                        .string(step.item), .string(step.heldItem), .string(step.timeOfDay),
                        .string(step.knownMove), .string(step.knownMoveType), .int(step.minHappiness),
                        .int(step.minAffection), .int(step.minBeauty), .string(step.location), .int(step.gender),
                        bool(step.needsOverworldRain), .string(step.partySpecies), .string(step.partyType),
                        .int(step.relativePhysicalStats), .string(step.tradeSpecies), bool(step.turnUpsideDown),
                        .string(step.usedMove), .int(step.minMoveCount), .int(step.minSteps),
                        .int(step.minDamageTaken), bool(step.nearSpecialRock), bool(step.needsMultiplayer),
                        .string(step.region), .string(step.baseForm), .string(step.evolvedForm),
                        .string(step.versionGroup), .text(step.json),
                    ])
            }
        }
        try tables.saveBody(database, id: chain.id, body: downloaded.body, etag: downloaded.etag)
    }
}
